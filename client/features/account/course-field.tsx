import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { ItemOptions, NativeSelect } from '@/components/native-select'
import { InputField } from '@/components/text-fields'
import { FormField, fieldAriaProps } from '@/components/ui/form-field'
import { trpc } from '@/lib/trpc'

/**
 * The profile's "Curso": a choice from the community's list when it has one (the server refuses a new
 * text that is not on it), free text where there is no list. A course written before the list stays
 * offered as it was, so saving the rest of the profile does not force a change.
 */
export function CourseField<Values extends FieldValues & { course?: string }, Context, Output>({
  form,
  id,
  communitySlug,
  current,
  required = false,
  placeholder,
}: {
  form: UseFormReturn<Values, Context, Output>
  id: string
  communitySlug?: string | undefined
  /** The course saved on the profile, if any. */
  current?: string | null | undefined
  required?: boolean
  placeholder?: string
}) {
  const list = trpc.courses.list.useQuery(communitySlug ? { communitySlug } : undefined, {
    staleTime: 5 * 60_000,
  })
  const name = 'course' as Path<Values>
  const courses = list.data ?? []
  const error = (form.formState.errors as Record<string, { message?: string } | undefined>).course?.message
  if (courses.length === 0) {
    return (
      <InputField
        label="Curso"
        required={required}
        autoComplete="off"
        placeholder={placeholder}
        disabled={list.isPending}
        id={id}
        error={error}
        {...form.register(name)}
      />
    )
  }
  const written = current && !courses.some((course) => course.name === current) ? current : null
  return (
    <FormField label="Curso" htmlFor={id} error={error}>
      <NativeSelect
        id={id}
        required={required}
        className="min-w-0 aria-invalid:border-destructive"
        {...fieldAriaProps(id, { error })}
        {...form.register(name)}
      >
        <option value="">Escolha seu curso</option>
        {written ? <option value={written}>{written} (escrito antes da lista)</option> : null}
        <ItemOptions items={courses} value={(course) => course.name} label={(course) => course.name} />
      </NativeSelect>
    </FormField>
  )
}
