import { GraduationCapIcon } from 'lucide-react'
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react'
import { Link } from 'wouter'
import { ItemOptions, NativeSelect } from '@/components/native-select'
import { Button } from '@/components/ui/button'
import type { RouterOutputs } from '@/lib/api-types'
import type { ListingUrlFilters } from './listing-search-params'

type Course = RouterOutputs['courses']['list'][number]

type Patch = Pick<ListingUrlFilters, 'course' | 'discipline'>

/**
 * Keeps an uncontrolled select on the URL's value when the URL changes ('Limpar filtros', the back
 * button), but not on mount: a choice made before the page responded stays until it is sent.
 */
function useFollowUrl(ref: RefObject<HTMLSelectElement | null>, value: number | null) {
  const seen = useRef(value)
  useEffect(() => {
    if (seen.current === value) return
    seen.current = value
    if (ref.current) ref.current.value = String(value ?? 0)
  }, [ref, value])
}

/**
 * The portal's course and discipline filter. A form of plain selects: a choice applies at once once the
 * page responds; before that, 'Filtrar' is held by the page's first script and sent when it responds,
 * reading what the selects show then (they are uncontrolled, so hydration keeps the choice). 'Meu curso'
 * is a link, like the categories.
 */
export function CourseFilter({
  courses,
  course,
  discipline,
  myCourseId,
  hrefOf,
  onChange,
}: {
  courses: readonly Course[]
  course: number | null
  discipline: number | null
  myCourseId: number | null
  hrefOf: (patch: Patch) => string
  onChange: (patch: Patch) => void
}) {
  const chosen = courses.find((item) => item.id === course)
  const mine = myCourseId ? courses.find((item) => item.id === myCourseId) : undefined
  const read = (form: HTMLFormElement): Patch => {
    const data = new FormData(form)
    const nextCourse = Number(data.get('course')) || null
    const nextDiscipline = nextCourse === course ? Number(data.get('discipline')) || null : null
    return { course: nextCourse, discipline: nextDiscipline }
  }
  return (
    <form
      aria-label="Filtrar por curso"
      className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end"
      onSubmit={(event) => {
        event.preventDefault()
        onChange(read(event.currentTarget))
      }}
    >
      <FilterSelect
        name="course"
        label="Curso"
        value={course}
        anyLabel="Todos os cursos"
        onPick={(form) => onChange(read(form))}
      >
        <ItemOptions items={courses} label={(item) => item.name} />
      </FilterSelect>
      {chosen && chosen.disciplines.length > 0 ? (
        <FilterSelect
          key={course ?? 0}
          name="discipline"
          label="Disciplina"
          value={discipline}
          anyLabel="Todas as disciplinas"
          onPick={(form) => onChange(read(form))}
        >
          <ItemOptions
            items={chosen.disciplines}
            label={(item) => (item.code ? `${item.name} — ${item.code}` : item.name)}
          />
        </FilterSelect>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline">
          Filtrar
        </Button>
        {mine ? (
          <Button asChild variant={course === mine.id ? 'default' : 'ghost'}>
            <Link
              href={hrefOf({ course: mine.id, discipline: null })}
              aria-current={course === mine.id && !discipline ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault()
                onChange({ course: mine.id, discipline: null })
              }}
            >
              <GraduationCapIcon aria-hidden="true" />
              Meu curso
            </Link>
          </Button>
        ) : null}
      </div>
    </form>
  )
}

/** One labelled, uncontrolled filter select: 0 is "any", and a pick applies the whole form at once. */
function FilterSelect({
  name,
  label,
  value,
  anyLabel,
  onPick,
  children,
}: {
  name: string
  label: string
  value: number | null
  anyLabel: string
  onPick: (form: HTMLFormElement) => void
  children: ReactNode
}) {
  const id = useId()
  const ref = useRef<HTMLSelectElement>(null)
  useFollowUrl(ref, value)
  return (
    <div className="grid gap-1 sm:w-64">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <NativeSelect
        ref={ref}
        id={id}
        name={name}
        defaultValue={String(value ?? 0)}
        className="min-w-0"
        onChange={(event) => {
          const form = event.currentTarget.form
          if (form) onPick(form)
        }}
      >
        <option value="0">{anyLabel}</option>
        {children}
      </NativeSelect>
    </div>
  )
}
