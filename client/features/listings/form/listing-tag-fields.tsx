import { LISTING_DISCIPLINES_MAX } from '@shared/schemas/listing'
import { useEffect, useRef } from 'react'
import { type UseFormReturn, useWatch } from 'react-hook-form'
import { ItemOptions, NativeSelect } from '@/components/native-select'
import { InputField } from '@/components/text-fields'
import { FormField, fieldAriaProps } from '@/components/ui/form-field'
import { boundField } from '@/lib/bound-field'
import { describeError } from '@/lib/errors'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import type { ListingFormInput, ListingFormOutput } from './listing-form-schema'

/** A subcategory of books (its name says "livro"), whatever the admins wrote around it. */
export const isBookSubcategory = (name: string | undefined) =>
  Boolean(name?.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().includes('livro'))

type Form = UseFormReturn<ListingFormInput, unknown, ListingFormOutput>

/**
 * The listing's optional tags: the course (suggested from the seller's own, for a new listing), some of
 * its disciplines, and, for a book, the ISBN. Hidden while the community has no course list, unless the
 * listing already carries a tag, so an edit always shows (and sends) what it has.
 */
export function ListingTagFields({
  form,
  mode,
  idPrefix,
  suggestedCourseId,
  isBook,
  disabled,
}: {
  form: Form
  mode: 'create' | 'edit'
  idPrefix: string
  suggestedCourseId: number | null
  isBook: boolean
  disabled: boolean
}) {
  const list = trpc.courses.list.useQuery(undefined, { staleTime: 5 * 60_000 })
  const [courseId, disciplineIds, isbn] = useWatch({
    control: form.control,
    name: ['courseId', 'disciplineIds', 'isbn'],
  })
  const suggested = useRef(false)
  // A new listing starts with the seller's course, once, while they have not picked another.
  useEffect(() => {
    if (mode !== 'create' || suggested.current || !suggestedCourseId || !list.data) return
    suggested.current = true
    if (!form.getValues('courseId') && list.data.some((course) => course.id === suggestedCourseId)) {
      form.setValue('courseId', suggestedCourseId)
    }
  }, [mode, suggestedCourseId, list.data, form])

  const ids = {
    course: `${idPrefix}-course`,
    disciplines: `${idPrefix}-disciplines`,
    isbn: `${idPrefix}-isbn`,
  }
  const courses = list.data ?? []
  const course = courses.find((item) => item.id === courseId)
  const chosen = disciplineIds ?? []
  const tagged = Boolean(courseId) || Boolean(isbn)
  const showCourse = courses.length > 0 || list.isPending || list.isError || Boolean(courseId)
  const showIsbn = isBook || Boolean(isbn)
  const courseError = form.formState.errors.courseId?.message
  const disciplinesError = form.formState.errors.disciplineIds?.message
  const loadError = list.error ? describeError(list.error, 'Erro ao carregar cursos').title : undefined
  const full = chosen.length >= LISTING_DISCIPLINES_MAX

  if (!showCourse && !showIsbn && !tagged) return null
  return (
    <>
      {showCourse ? (
        <fieldset className="grid gap-4 rounded-lg border p-4">
          <legend className="px-1 font-medium text-sm">Curso e disciplinas (opcional)</legend>
          <p className="-mt-2 text-muted-foreground text-sm">
            Quem faz o curso encontra o anúncio em “Do meu curso” e nos filtros.
          </p>
          <FormField
            label="Curso"
            htmlFor={ids.course}
            error={courseError ?? loadError}
            hint={
              mode === 'create' && suggestedCourseId && courseId === suggestedCourseId
                ? 'Seu curso'
                : undefined
            }
          >
            <NativeSelect
              id={ids.course}
              disabled={disabled || !list.data}
              {...fieldAriaProps(ids.course, { error: courseError ?? loadError })}
              value={String(courseId ?? 0)}
              onChange={(event) => {
                form.setValue('courseId', Number(event.target.value), { shouldDirty: true })
                // Disciplines belong to one course: another course starts over.
                form.setValue('disciplineIds', [], { shouldDirty: true })
              }}
            >
              <option value="0">{list.isPending ? 'Carregando cursos...' : 'Nenhum curso'}</option>
              <ItemOptions items={courses} label={(item) => item.name} />
            </NativeSelect>
          </FormField>
          {course && course.disciplines.length > 0 ? (
            <fieldset
              id={ids.disciplines}
              className="grid gap-2"
              aria-invalid={disciplinesError ? true : undefined}
              aria-describedby={`${ids.disciplines}-hint`}
            >
              <legend className={cn('mb-1 font-medium text-sm', disciplinesError && 'text-destructive')}>
                Disciplinas
              </legend>
              <p id={`${ids.disciplines}-hint`} className="text-muted-foreground text-sm">
                Até {LISTING_DISCIPLINES_MAX}. {chosen.length > 0 ? `${chosen.length} escolhida(s).` : ''}
              </p>
              <div className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
                {course.disciplines.map((discipline) => {
                  const checked = chosen.includes(discipline.id)
                  return (
                    <label
                      key={discipline.id}
                      className="flex min-h-10 cursor-pointer items-center gap-2 rounded px-2 text-sm hover:bg-muted has-disabled:cursor-not-allowed has-disabled:opacity-60"
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={checked}
                        disabled={disabled || (!checked && full)}
                        onChange={(event) =>
                          form.setValue(
                            'disciplineIds',
                            event.target.checked
                              ? [...chosen, discipline.id]
                              : chosen.filter((id) => id !== discipline.id),
                            { shouldDirty: true },
                          )
                        }
                      />
                      <span className="min-w-0 break-words">
                        {discipline.code ? `${discipline.name} — ${discipline.code}` : discipline.name}
                      </span>
                    </label>
                  )
                })}
              </div>
              {disciplinesError ? (
                <p role="alert" className="font-medium text-destructive text-sm">
                  {disciplinesError}
                </p>
              ) : null}
            </fieldset>
          ) : null}
        </fieldset>
      ) : null}
      {showIsbn ? (
        <InputField
          label="ISBN (opcional)"
          autoComplete="off"
          maxLength={20}
          placeholder="Ex.: 978-85-359-0277-8"
          hint="O número do código de barras do livro, com 10 ou 13 dígitos, com ou sem hífens."
          disabled={disabled}
          {...boundField(form, 'isbn', ids.isbn)}
        />
      ) : null}
    </>
  )
}
