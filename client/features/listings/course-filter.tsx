import { GraduationCapIcon } from 'lucide-react'
import { type RefObject, useEffect, useId, useRef } from 'react'
import { Link } from 'wouter'
import { ItemOptions } from '@/components/native-select'
import { Button } from '@/components/ui/button'
import type { RouterOutputs } from '@/lib/api-types'
import type { ListingUrlFilters } from './listing-search-params'

type Course = RouterOutputs['courses']['list'][number]

const selectClass =
  'h-9 w-full min-w-0 rounded-md border bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50'

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
  const id = useId()
  const courseRef = useRef<HTMLSelectElement>(null)
  const disciplineRef = useRef<HTMLSelectElement>(null)
  useFollowUrl(courseRef, course)
  useFollowUrl(disciplineRef, discipline)
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
      <div className="grid gap-1 sm:w-64">
        <label htmlFor={`${id}-course`} className="font-medium text-sm">
          Curso
        </label>
        <select
          ref={courseRef}
          id={`${id}-course`}
          name="course"
          defaultValue={String(course ?? 0)}
          className={selectClass}
          onChange={(event) => {
            const form = event.currentTarget.form
            if (form) onChange(read(form))
          }}
        >
          <option value="0">Todos os cursos</option>
          <ItemOptions items={courses} label={(item) => item.name} />
        </select>
      </div>
      {chosen && chosen.disciplines.length > 0 ? (
        <div className="grid gap-1 sm:w-64">
          <label htmlFor={`${id}-discipline`} className="font-medium text-sm">
            Disciplina
          </label>
          <select
            ref={disciplineRef}
            key={course ?? 0}
            id={`${id}-discipline`}
            name="discipline"
            defaultValue={String(discipline ?? 0)}
            className={selectClass}
            onChange={(event) => {
              const form = event.currentTarget.form
              if (form) onChange(read(form))
            }}
          >
            <option value="0">Todas as disciplinas</option>
            <ItemOptions
              items={chosen.disciplines}
              label={(item) => (item.code ? `${item.name} — ${item.code}` : item.name)}
            />
          </select>
        </div>
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
