import { zodResolver } from '@hookform/resolvers/zod'
import { WEEKDAY_BITS } from '@shared/deals'
import {
  type MeetingSpotInput,
  meetingSpotInputSchema,
  WEEKDAY_LABELS,
  WEEKDAY_NAMES,
} from '@shared/schemas/meeting-spots'
import { useId } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { DialogForm } from '@/components/dialog-form'
import {
  EditorDialog,
  type EditorDialogProps,
  type EditorState,
  editedItem,
} from '@/components/editor-dialog'
import { InputField, TextareaField } from '@/components/text-fields'
import type { RouterOutputs } from '@/lib/api-types'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { saveThenClose } from '@/lib/save-then-close'
import { trpc } from '@/lib/trpc'

export type MeetingSpotRow = RouterOutputs['admin']['meetingSpots']['list'][number]
export type MeetingSpotDialogState = EditorState<MeetingSpotRow>

type FormInput = z.input<typeof meetingSpotInputSchema>

const EMPTY: MeetingSpotInput = {
  name: '',
  description: '',
  opensAt: '08:00',
  closesAt: '18:00',
  weekdays: 31,
}

/** "Novo ponto de encontro" / "Editar ponto de encontro": name, where exactly, hours and days. */
export function MeetingSpotFormDialog(props: EditorDialogProps<MeetingSpotRow>) {
  return (
    <EditorDialog {...props}>
      {(state, onDone) => <MeetingSpotForm spot={editedItem(state) ?? null} onDone={onDone} />}
    </EditorDialog>
  )
}

function MeetingSpotForm({ spot, onDone }: { spot: MeetingSpotRow | null; onDone: () => void }) {
  const baseId = useId()
  const utils = trpc.useUtils()
  const form = useForm<FormInput, unknown, MeetingSpotInput>({
    resolver: zodResolver(meetingSpotInputSchema),
    defaultValues: spot
      ? {
          name: spot.name,
          description: spot.description,
          opensAt: spot.opensAt,
          closesAt: spot.closesAt,
          weekdays: spot.weekdays,
        }
      : EMPTY,
  })
  const { errors } = form.formState
  const create = trpc.admin.meetingSpots.create.useMutation()
  const update = trpc.admin.meetingSpots.update.useMutation()
  const busy = create.isPending || update.isPending

  const submit = form.handleSubmit(
    (values) =>
      saveThenClose(
        () => (spot ? update.mutateAsync({ id: spot.id, spot: values }) : create.mutateAsync(values)),
        {
          saved: spot ? 'Ponto de encontro atualizado!' : 'Ponto de encontro criado!',
          failed: 'Erro ao salvar ponto de encontro',
          onDone,
          refresh: () =>
            Promise.all([
              utils.admin.meetingSpots.list.invalidate(),
              utils.deals.meetingSpots.list.invalidate(),
            ]),
        },
      ),
    toastFirstError,
  )

  return (
    <DialogForm
      title={spot ? 'Editar ponto de encontro' : 'Novo ponto de encontro'}
      description="Um lugar movimentado e seguro do campus, onde os membros combinam a entrega."
      onSubmit={submit}
      submitLabel="Salvar ponto de encontro"
      busy={busy}
      busyLabel="Salvando..."
    >
      <InputField
        label="Nome"
        autoComplete="off"
        maxLength={80}
        placeholder="Ex.: Hall da Biblioteca Central"
        disabled={busy}
        {...boundField(form, 'name', `${baseId}-name`)}
      />
      <TextareaField
        label="Onde fica"
        hint="O prédio ou um ponto de referência."
        rows={2}
        maxLength={200}
        disabled={busy}
        {...boundField(form, 'description', `${baseId}-description`)}
      />
      <div className="grid grid-cols-2 gap-4">
        <InputField
          label="Abre às"
          type="time"
          disabled={busy}
          {...boundField(form, 'opensAt', `${baseId}-opens`)}
        />
        <InputField
          label="Fecha às"
          type="time"
          disabled={busy}
          {...boundField(form, 'closesAt', `${baseId}-closes`)}
        />
      </div>
      <Controller
        control={form.control}
        name="weekdays"
        render={({ field }) => (
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.weekdays ? `${baseId}-days-error` : undefined}
          >
            <legend className="mb-1 font-medium text-sm">Dias de funcionamento</legend>
            <div className="flex flex-wrap gap-2">
              {WEEKDAY_BITS.map((bit, index) => {
                const checked = (field.value & bit) !== 0
                return (
                  <label
                    key={bit}
                    className="flex min-h-9 cursor-pointer items-center gap-1.5 rounded-md border px-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={checked}
                      aria-label={WEEKDAY_NAMES[index]}
                      disabled={busy}
                      onChange={(event) =>
                        field.onChange(event.target.checked ? field.value | bit : field.value & ~bit)
                      }
                    />
                    {WEEKDAY_LABELS[index]}
                  </label>
                )
              })}
            </div>
            {errors.weekdays?.message ? (
              <p id={`${baseId}-days-error`} className="text-destructive text-sm">
                {errors.weekdays.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />
    </DialogForm>
  )
}
