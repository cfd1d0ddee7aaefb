import { zodResolver } from '@hookform/resolvers/zod'
import { semesterInputSchema } from '@shared/schemas/semesters'
import { useId, useState } from 'react'
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
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { saveThenClose } from '@/lib/save-then-close'
import { trpc } from '@/lib/trpc'

export type SemesterRow = { id: number; name: string; startsOn: string; endsOn: string }
export type SemesterDialogState = EditorState<SemesterRow>

type SemesterFormInput = z.input<typeof semesterInputSchema>
type SemesterFormOutput = z.output<typeof semesterInputSchema>

/** Novo semestre / Editar semestre, in the Semestres section. */
export function SemesterFormDialog(props: EditorDialogProps<SemesterRow>) {
  return (
    <EditorDialog {...props}>
      {(state, onDone) => <SemesterForm editing={editedItem(state)} onDone={onDone} />}
    </EditorDialog>
  )
}

function SemesterForm({ editing, onDone }: { editing: SemesterRow | undefined; onDone: () => void }) {
  const baseId = useId()
  const utils = trpc.useUtils()
  const form = useForm<SemesterFormInput, unknown, SemesterFormOutput>({
    resolver: zodResolver(semesterInputSchema),
    defaultValues: {
      name: editing?.name ?? '',
      startsOn: editing?.startsOn ?? '',
      endsOn: editing?.endsOn ?? '',
    },
  })
  const create = trpc.admin.semesters.create.useMutation()
  const update = trpc.admin.semesters.update.useMutation()
  const submit = form.handleSubmit(
    (values) =>
      saveThenClose(
        () => (editing ? update.mutateAsync({ ...values, id: editing.id }) : create.mutateAsync(values)),
        {
          saved: editing ? 'Semestre atualizado!' : 'Semestre criado!',
          failed: 'Erro ao salvar',
          onDone,
          refresh: () =>
            Promise.all([utils.admin.semesters.invalidate(), utils.semesters.standing.invalidate()]),
        },
      ),
    toastFirstError,
  )
  return (
    <DialogForm
      title={editing ? 'Editar semestre' : 'Novo semestre'}
      description="Duas semanas antes do início, cada membro recebe o pedido para confirmar o e-mail institucional."
      onSubmit={submit}
      submitLabel="Salvar semestre"
      busy={create.isPending || update.isPending}
      busyLabel="Salvando..."
    >
      <InputField
        label="Nome"
        hint="Como a universidade chama, por exemplo 2027/1."
        maxLength={40}
        required
        {...boundField(form, 'name', `${baseId}-name`)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Início"
          type="date"
          required
          {...boundField(form, 'startsOn', `${baseId}-starts`)}
        />
        <InputField label="Término" type="date" required {...boundField(form, 'endsOn', `${baseId}-ends`)} />
      </div>
    </DialogForm>
  )
}

export type ExtendTarget = { userId: number; fullName: string } | null

/** 'Estender prazo': the member gets until the end of the chosen day. */
export function ExtendDeadlineDialog({
  target,
  onOpenChange,
}: {
  target: ExtendTarget
  onOpenChange: (open: boolean) => void
}) {
  const id = useId()
  const utils = trpc.useUtils()
  const [until, setUntil] = useState('')
  const extend = trpc.admin.semesters.extend.useMutation()
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {target ? (
          <DialogForm
            title={`Estender prazo de ${target.fullName}`}
            description="Até o fim do dia escolhido, o membro continua publicando. Um egresso volta a publicar na hora."
            onSubmit={(event) => {
              event.preventDefault()
              void saveThenClose(() => extend.mutateAsync({ userId: target.userId, until }), {
                saved: 'Prazo estendido!',
                failed: 'Erro ao estender o prazo',
                onDone: () => {
                  onOpenChange(false)
                  setUntil('')
                },
                refresh: () => utils.admin.semesters.pending.invalidate(),
              })
            }}
            submitLabel="Estender prazo"
            busy={extend.isPending}
            busyLabel="Salvando..."
            submitDisabled={until === ''}
          >
            <InputField
              id={`${id}-until`}
              label="Novo prazo"
              type="date"
              required
              value={until}
              onChange={(event) => setUntil(event.target.value)}
            />
          </DialogForm>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
