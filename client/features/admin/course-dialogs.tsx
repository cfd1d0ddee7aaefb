import { zodResolver } from '@hookform/resolvers/zod'
import { COURSE_MAX } from '@shared/limits'
import {
  courseInputSchema,
  DISCIPLINE_CODE_MAX,
  DISCIPLINE_NAME_MAX,
  disciplineInputSchema,
} from '@shared/schemas/courses'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { DialogForm } from '@/components/dialog-form'
import {
  EditorDialog,
  type EditorDialogProps,
  type EditorState,
  editedItem,
} from '@/components/editor-dialog'
import { InputField } from '@/components/text-fields'
import type { RouterOutputs } from '@/lib/api-types'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { saveThenClose } from '@/lib/save-then-close'
import { trpc } from '@/lib/trpc'

export type CourseRow = RouterOutputs['admin']['courses']['list']['courses'][number]
export type DisciplineRow = CourseRow['disciplines'][number]

export type CourseDialogState = EditorState<CourseRow>
export type DisciplineDialogState = EditorState<DisciplineRow, { course: CourseRow }>

/** What changes with the list: the admin page, and the forms and filters that offer it. */
function useRefreshCourses() {
  const utils = trpc.useUtils()
  return () => Promise.all([utils.admin.courses.list.invalidate(), utils.courses.list.invalidate()])
}

/** 'Novo curso' or 'Renomear curso'. */
export function CourseDialog(props: EditorDialogProps<CourseRow>) {
  return (
    <EditorDialog {...props}>
      {(opened, onDone) => <CourseForm state={opened} onDone={onDone} />}
    </EditorDialog>
  )
}

function CourseForm({ state, onDone }: { state: NonNullable<CourseDialogState>; onDone: () => void }) {
  const id = useId()
  const editing = editedItem(state)
  const refresh = useRefreshCourses()
  const form = useForm<z.input<typeof courseInputSchema>, unknown, z.output<typeof courseInputSchema>>({
    resolver: zodResolver(courseInputSchema),
    defaultValues: { name: editing?.name ?? '' },
  })
  const create = trpc.admin.courses.create.useMutation()
  const rename = trpc.admin.courses.rename.useMutation()
  const saving = create.isPending || rename.isPending

  const submit = form.handleSubmit(
    (values) =>
      saveThenClose(
        () =>
          editing ? rename.mutateAsync({ id: editing.id, name: values.name }) : create.mutateAsync(values),
        {
          saved: editing ? 'Curso renomeado!' : 'Curso criado!',
          failed: 'Erro ao salvar curso',
          onDone,
          refresh,
        },
      ),
    toastFirstError,
  )

  return (
    <DialogForm
      title={editing ? 'Renomear curso' : 'Novo curso'}
      description={
        editing
          ? 'Quem escolheu este curso no perfil passa a ver o nome novo.'
          : 'Quem escreveu este nome no perfil antes da lista (sem diferença de acentos ou maiúsculas) é ligado a ele.'
      }
      onSubmit={submit}
      submitLabel="Salvar curso"
      busy={saving}
      busyLabel="Salvando..."
    >
      <InputField
        label="Nome do curso"
        autoComplete="off"
        maxLength={COURSE_MAX}
        placeholder="Ex.: Engenharia Civil"
        disabled={saving}
        {...boundField(form, 'name', `${id}-name`)}
      />
    </DialogForm>
  )
}

const disciplineFormSchema = disciplineInputSchema.omit({ courseId: true })

/** 'Nova disciplina' (in a course) or 'Editar disciplina': name and optional code. */
export function DisciplineDialog(props: EditorDialogProps<DisciplineRow, { course: CourseRow }>) {
  return (
    <EditorDialog {...props}>
      {(opened, onDone) => <DisciplineForm state={opened} onDone={onDone} />}
    </EditorDialog>
  )
}

function DisciplineForm({
  state,
  onDone,
}: {
  state: NonNullable<DisciplineDialogState>
  onDone: () => void
}) {
  const id = useId()
  const editing = editedItem(state)
  const refresh = useRefreshCourses()
  const form = useForm<z.input<typeof disciplineFormSchema>, unknown, z.output<typeof disciplineFormSchema>>({
    resolver: zodResolver(disciplineFormSchema),
    defaultValues: { name: editing?.name ?? '', code: editing?.code ?? '' },
  })
  const create = trpc.admin.courses.createDiscipline.useMutation()
  const update = trpc.admin.courses.updateDiscipline.useMutation()
  const saving = create.isPending || update.isPending

  const submit = form.handleSubmit((values) => {
    const fields = { name: values.name, code: values.code ?? undefined }
    return saveThenClose(
      async () => {
        if (editing) await update.mutateAsync({ id: editing.id, ...fields })
        else if (state.mode === 'create') await create.mutateAsync({ courseId: state.course.id, ...fields })
      },
      {
        saved: editing ? 'Disciplina atualizada!' : 'Disciplina criada!',
        failed: 'Erro ao salvar disciplina',
        onDone,
        refresh,
      },
    )
  }, toastFirstError)

  return (
    <DialogForm
      title={editing ? 'Editar disciplina' : 'Nova disciplina'}
      description={
        state.mode === 'create'
          ? `Em ${state.course.name}. Anúncios marcados com ela são encontrados pelo nome e pelo código.`
          : 'Os anúncios marcados com ela passam a ser encontrados pelo nome e pelo código novos.'
      }
      onSubmit={submit}
      submitLabel="Salvar disciplina"
      busy={saving}
      busyLabel="Salvando..."
    >
      <InputField
        label="Nome da disciplina"
        autoComplete="off"
        maxLength={DISCIPLINE_NAME_MAX}
        placeholder="Ex.: Cálculo I"
        disabled={saving}
        {...boundField(form, 'name', `${id}-name`)}
      />
      <InputField
        label="Código (opcional)"
        autoComplete="off"
        maxLength={DISCIPLINE_CODE_MAX}
        placeholder="Ex.: MAT101"
        disabled={saving}
        {...boundField(form, 'code', `${id}-code`)}
      />
    </DialogForm>
  )
}
