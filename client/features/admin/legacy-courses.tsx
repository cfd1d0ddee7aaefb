import { useId, useState } from 'react'
import { ItemOptions, NativeSelect } from '@/components/native-select'
import { Button } from '@/components/ui/button'
import type { RouterOutputs } from '@/lib/api-types'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

type CoursesAnswer = RouterOutputs['admin']['courses']['list']

/**
 * 'Cursos escritos pelos estudantes': what members wrote before the list and no course matched, for the
 * admin to tie to a course of the list (every member who wrote it moves).
 */
export function LegacyCourses({
  legacy,
  courses,
}: {
  legacy: CoursesAnswer['legacy']
  courses: CoursesAnswer['courses']
}) {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          Cursos escritos pelos estudantes
        </h2>
        <p className="text-muted-foreground text-sm">
          Escritos no perfil antes da lista e sem um curso com o mesmo nome. Escolha o curso certo para cada
          um: todos que escreveram aquele texto passam para ele.
        </p>
      </div>
      <ul className="grid gap-2" aria-label="Cursos escritos pelos estudantes">
        {legacy.map((row) => (
          <LegacyRow key={row.text} text={row.text} members={row.members} courses={courses} />
        ))}
      </ul>
    </section>
  )
}

function LegacyRow({
  text,
  members,
  courses,
}: {
  text: string
  members: number
  courses: CoursesAnswer['courses']
}) {
  const selectId = useId()
  const [courseId, setCourseId] = useState(0)
  const utils = trpc.useUtils()
  const map = trpc.admin.courses.mapLegacy.useMutation({
    onSuccess: async (result) => {
      toast.success(
        result.moved === 1 ? '1 estudante ligado ao curso!' : `${result.moved} estudantes ligados ao curso!`,
      )
      await utils.admin.courses.list.invalidate()
    },
    onError: (error) => toastError(error, 'Erro ao ligar curso'),
  })
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-0.5">
        <p className="break-words font-medium">“{text}”</p>
        <p className="text-muted-foreground text-sm">
          {members === 1 ? '1 estudante' : `${members} estudantes`}
        </p>
      </div>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-center"
        onSubmit={(event) => {
          event.preventDefault()
          if (courseId) map.mutate({ text, courseId })
        }}
      >
        <label htmlFor={selectId} className="sr-only">
          Curso da lista para “{text}”
        </label>
        <NativeSelect
          id={selectId}
          className="min-w-0 sm:w-64"
          value={courseId}
          disabled={map.isPending}
          onChange={(event) => setCourseId(Number(event.target.value))}
        >
          <option value={0}>Escolha o curso</option>
          <ItemOptions items={courses} label={(course) => course.name} />
        </NativeSelect>
        <Button type="submit" variant="outline" disabled={!courseId || map.isPending}>
          {map.isPending ? 'Ligando...' : 'Ligar'}
        </Button>
      </form>
    </li>
  )
}
