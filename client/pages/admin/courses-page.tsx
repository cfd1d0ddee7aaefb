import { GraduationCapIcon, PlusIcon } from 'lucide-react'
import { ItemRow } from '@/components/item-row'
import { ListQueryStates } from '@/components/page/list-query-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  CourseDialog,
  type CourseRow,
  DisciplineDialog,
  type DisciplineRow,
} from '@/features/admin/course-dialogs'
import { CourseImport } from '@/features/admin/course-import'
import { LegacyCourses } from '@/features/admin/legacy-courses'
import type { RouterOutputs } from '@/lib/api-types'
import { trpc } from '@/lib/trpc'
import { AdminListSection, EditRemoveButtons, type RemovalTexts, useAdminCrud } from './admin-crud'
import { adminPage } from './admin-frame'

type CoursesAnswer = RouterOutputs['admin']['courses']['list']

/** `/admin/cursos`: the community's courses and disciplines, the CSV import and the written courses to map. */
export const AdminCoursesPage = adminPage(
  {
    title: 'Cursos',
    description:
      'Os cursos da universidade e as disciplinas de cada um: o perfil, o formulário do anúncio e os filtros do portal oferecem esta lista.',
    access: 'admin',
  },
  CoursesAdmin,
)

const membersLabel = (count: number) =>
  count === 0 ? 'Nenhum estudante' : count === 1 ? '1 estudante' : `${count} estudantes`

const COURSE_REMOVAL: RemovalTexts<CourseRow> = {
  title: 'Excluir este curso?',
  describe: (course) =>
    `“${course.name}” e as ${course.disciplines.length} disciplinas dele saem da lista. Os anúncios marcados perdem as marcas, e os estudantes que o escolheram mantêm o nome como texto, para você ligar de novo.`,
  successMessage: 'Curso excluído!',
  errorTitle: 'Erro ao excluir curso',
}

const DISCIPLINE_REMOVAL: RemovalTexts<DisciplineRow> = {
  title: 'Excluir esta disciplina?',
  describe: (discipline) =>
    `“${discipline.name}” sai da lista, e os anúncios marcados com ela perdem essa marca.`,
  successMessage: 'Disciplina excluída!',
  errorTitle: 'Erro ao excluir disciplina',
}

function CoursesAdmin() {
  const utils = trpc.useUtils()
  const list = trpc.admin.courses.list.useQuery()
  const refresh = () => Promise.all([utils.admin.courses.list.invalidate(), utils.courses.list.invalidate()])
  const courses = useAdminCrud(trpc.admin.courses.delete.useMutation, COURSE_REMOVAL, refresh)
  const disciplines = useAdminCrud<DisciplineRow, { course: CourseRow }>(
    trpc.admin.courses.deleteDiscipline.useMutation,
    DISCIPLINE_REMOVAL,
    refresh,
  )

  return (
    <div className="grid gap-8">
      <CourseImport />

      <AdminListSection
        id="courses-list-title"
        title="Cursos e disciplinas"
        newItem="Novo curso"
        onNew={() => courses.create()}
      >
        <ListQueryStates
          query={list}
          items="cursos"
          rowClassName="h-24"
          empty={{
            icon: <GraduationCapIcon aria-hidden="true" />,
            title: 'Nenhum curso cadastrado',
            description:
              'Importe a lista da universidade em CSV ou crie os cursos à mão. Sem lista, o curso do perfil é escrito livremente.',
          }}
          isEmpty={(answer: CoursesAnswer) => answer.courses.length === 0}
        >
          {(answer) => (
            <CourseList
              answer={answer}
              onRenameCourse={courses.edit}
              onRemoveCourse={courses.remove}
              onAddDiscipline={(course) => disciplines.create({ course })}
              onEditDiscipline={disciplines.edit}
              onRemoveDiscipline={disciplines.remove}
            />
          )}
        </ListQueryStates>
      </AdminListSection>

      {list.data && list.data.legacy.length > 0 ? (
        <LegacyCourses legacy={list.data.legacy} courses={list.data.courses} />
      ) : null}

      <CourseDialog {...courses.form} />
      <DisciplineDialog {...disciplines.form} />
      {courses.question}
      {disciplines.question}
    </div>
  )
}

function CourseList({
  answer,
  onRenameCourse,
  onRemoveCourse,
  onAddDiscipline,
  onEditDiscipline,
  onRemoveDiscipline,
}: {
  answer: CoursesAnswer
  onRenameCourse: (course: CourseRow) => void
  onRemoveCourse: (course: CourseRow) => void
  onAddDiscipline: (course: CourseRow) => void
  onEditDiscipline: (discipline: DisciplineRow) => void
  onRemoveDiscipline: (discipline: DisciplineRow) => void
}) {
  const members = new Map(answer.members.map((row) => [row.courseId, row.members]))
  return (
    <>
      {answer.courses.some((course) => course.example) ? (
        <p className="rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
          Os cursos marcados como <strong>Exemplo</strong> vieram dos dados de demonstração e não são a lista
          da universidade. Exclua-os e importe a lista real.
        </p>
      ) : null}
      <ul className="grid gap-4" aria-label="Cursos">
        {answer.courses.map((course) => {
          const headingId = `course-${course.id}`
          return (
            <li
              key={course.id}
              aria-labelledby={headingId}
              className="grid gap-3 rounded-lg border bg-card p-4"
            >
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="grid min-w-0 gap-1">
                  <h3 id={headingId} className="break-words font-semibold">
                    {course.name}
                    {course.example ? (
                      <Badge variant="secondary" className="ml-2 align-middle">
                        Exemplo
                      </Badge>
                    ) : null}
                  </h3>
                  <p className="text-muted-foreground text-sm">
                    {membersLabel(members.get(course.id) ?? 0)} ·{' '}
                    {course.disciplines.length === 1
                      ? '1 disciplina'
                      : `${course.disciplines.length} disciplinas`}
                  </p>
                </div>
                <EditRemoveButtons
                  className="flex flex-wrap gap-2 sm:shrink-0"
                  name={`curso ${course.name}`}
                  edit="Renomear"
                  onEdit={() => onRenameCourse(course)}
                  onRemove={() => onRemoveCourse(course)}
                />
              </div>
              {course.disciplines.length === 0 ? (
                <p className="rounded-lg border border-dashed p-3 text-muted-foreground text-sm">
                  Nenhuma disciplina neste curso.
                </p>
              ) : (
                <ul className="grid gap-2" aria-label={`Disciplinas de ${course.name}`}>
                  {course.disciplines.map((discipline) => {
                    const label = discipline.code
                      ? `${discipline.name} — ${discipline.code}`
                      : discipline.name
                    return (
                      <ItemRow key={discipline.id} className="bg-background">
                        <p className="min-w-0 break-words text-sm">{label}</p>
                        <EditRemoveButtons
                          name={`disciplina ${label}`}
                          size="sm"
                          onEdit={() => onEditDiscipline(discipline)}
                          onRemove={() => onRemoveDiscipline(discipline)}
                        />
                      </ItemRow>
                    )
                  })}
                </ul>
              )}
              <div>
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => onAddDiscipline(course)}
                  aria-label={`Adicionar disciplina em ${course.name}`}
                >
                  <PlusIcon aria-hidden="true" />
                  Adicionar disciplina
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
    </>
  )
}

export default AdminCoursesPage
