import { WEEKDAY_BITS } from '@shared/deals'
import { MEETING_TIME_ZONE, MEETING_TIMES_MAX } from '@shared/meetings'
import { WEEKDAY_LABELS } from '@shared/schemas/meeting-spots'
import { proposeMeetingSchema } from '@shared/schemas/meetings'
import { zonedLocalToUtc } from '@shared/time'
import { PlusIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { DialogForm } from '@/components/dialog-form'
import { Button } from '@/components/ui/button'
import { FormField, fieldAriaProps } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { todayInTimeZone } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { useMeetingChange } from './meeting-cache'

type Slot = { date: string; time: string }

/** A proposed time's row: the day, then the hour (five-minute steps), each an input of that type. */
const SLOT_FIELDS = [
  { name: 'date', label: 'Dia' },
  { name: 'time', label: 'Hora' },
] as const

const weekdaysText = (weekdays: number) =>
  WEEKDAY_LABELS.filter((_, index) => (weekdays & (WEEKDAY_BITS[index] ?? 0)) !== 0).join(', ')

/** "Combinar entrega": one of the community's spots and one to three times, on São Paulo's clock. */
export function MeetingProposeDialog({
  conversationId,
  dealId,
  onDone,
}: {
  conversationId: number
  /** The deal the meeting is for; without one, the deal on the listing the conversation started from. */
  dealId?: number | undefined
  onDone: () => void
}) {
  const id = useId()
  const spots = trpc.deals.meetingSpots.list.useQuery()
  const [spotId, setSpotId] = useState('')
  const [slots, setSlots] = useState<Slot[]>([{ date: '', time: '' }])
  const [error, setError] = useState<string | undefined>()
  const propose = trpc.deals.meetings.propose.useMutation(
    useMeetingChange(conversationId, {
      successMessage: 'Proposta de entrega enviada!',
      errorTitle: 'Erro ao propor a entrega',
      onDone,
    }),
  )
  const spot = spots.data?.find((item) => String(item.id) === spotId)
  const today = todayInTimeZone(MEETING_TIME_ZONE)
  const busy = propose.isPending

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!spotId) {
      setError('Escolha um ponto de encontro')
      return
    }
    const filled = slots.filter((slot) => slot.date && slot.time)
    const parsed = proposeMeetingSchema.safeParse({
      conversationId,
      dealId,
      spotId: Number(spotId),
      times: filled.map((slot) => zonedLocalToUtc(slot.date, slot.time, MEETING_TIME_ZONE).getTime()),
    })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    propose.mutate(parsed.data)
  }

  return (
    <DialogForm
      title="Combinar entrega"
      description="Escolha um dos pontos de encontro da sua comunidade e até três horários nos próximos 14 dias. A outra pessoa escolhe um deles ou propõe outros."
      onSubmit={submit}
      submitLabel="Enviar proposta"
      busy={busy}
      busyLabel="Enviando..."
    >
      <FormField htmlFor={`${id}-spot`} label="Ponto de encontro" error={error}>
        <select
          id={`${id}-spot`}
          {...fieldAriaProps(`${id}-spot`, { error })}
          value={spotId}
          disabled={busy || !spots.data}
          onChange={(event) => setSpotId(event.target.value)}
          className="h-10 w-full rounded-md border bg-background px-3 text-sm"
        >
          <option value="">{spots.data ? 'Escolha um ponto' : 'Carregando...'}</option>
          {spots.data?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </FormField>
      {spot ? (
        <p className="text-muted-foreground text-sm">
          {spot.description}. Funciona {weekdaysText(spot.weekdays)}, das {spot.opensAt} às {spot.closesAt}.
        </p>
      ) : null}
      {spots.data?.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          A comunidade ainda não tem pontos de encontro cadastrados.
        </p>
      ) : null}
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium text-sm">Horários (horário de Brasília)</legend>
        {slots.map((slot, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions, added at the end only
          <div key={index} className="grid grid-cols-2 gap-2">
            {SLOT_FIELDS.map((field) => (
              <label key={field.name} htmlFor={`${id}-${field.name}-${index}`} className="grid gap-1 text-sm">
                {field.label} {index + 1}
                <Input
                  id={`${id}-${field.name}-${index}`}
                  type={field.name}
                  min={field.name === 'date' ? today : undefined}
                  step={field.name === 'time' ? 300 : undefined}
                  value={slot[field.name]}
                  disabled={busy}
                  onChange={(event) =>
                    setSlots(
                      slots.map((item, at) =>
                        at === index ? { ...item, [field.name]: event.target.value } : item,
                      ),
                    )
                  }
                />
              </label>
            ))}
          </div>
        ))}
        {slots.length < MEETING_TIMES_MAX ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={busy}
            onClick={() => setSlots([...slots, { date: slots.at(-1)?.date ?? '', time: '' }])}
          >
            <PlusIcon aria-hidden="true" />
            Adicionar horário
          </Button>
        ) : null}
      </fieldset>
    </DialogForm>
  )
}
