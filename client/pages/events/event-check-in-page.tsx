import { formatTicketCode, readTicket } from '@shared/event-tickets'
import { CheckCircle2Icon, XCircleIcon } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { LoadingStatus } from '@/components/loading-status'
import { PageHeader } from '@/components/page-header'
import { InputField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useEventRouteId } from '@/features/events/event-route-id'
import { BackToEvent, EventStaffPageFailed } from '@/features/events/event-staff-page'
import { canScanQr, QrScanner } from '@/features/events/qr-scanner'
import { describeError } from '@/lib/errors'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'
import { cn } from '@/lib/utils'

type Outcome = { ok: true; title: string } | { ok: false; title: string; description?: string }

/**
 * `/evento/:id/check-in`: the organizer (or a moderator of the community) at the door. The camera reads
 * the ticket's QR code in any browser that opens it (see QrScanner); the typed code works everywhere. Each
 * entry counts once.
 */
export function EventCheckInPage() {
  usePageTitle('Check-in')
  const id = useEventRouteId()
  const utils = trpc.useUtils()
  const summary = trpc.events.checkInSummary.useQuery({ id }, { enabled: id > 0, retry: false })
  const checkIn = trpc.events.checkIn.useMutation()
  const [code, setCode] = useState('')
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  // The camera exists only in the browser: decided after hydration, so the server's HTML matches.
  const [scannable, setScannable] = useState(false)
  useEffect(() => setScannable(canScanQr()), [])

  const admit = async (text: string) => {
    if (!text.trim() || checkIn.isPending) return
    try {
      const result = await checkIn.mutateAsync({ id, ticket: text })
      utils.events.checkInSummary.setData({ id }, (current) =>
        current ? { ...current, present: result.present, confirmed: result.confirmed } : current,
      )
      setOutcome({ ok: true, title: `Entrada registrada: ${result.fullName}` })
      setCode('')
    } catch (error) {
      setOutcome({ ok: false, ...describeError(error, 'Entrada não registrada') })
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void admit(code)
  }

  if (summary.error) {
    return (
      <EventStaffPageFailed
        id={id}
        title="Check-in"
        error={summary.error}
        fallback="Erro ao carregar o check-in"
        className="max-w-xl"
      />
    )
  }

  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-6">
      <BackToEvent id={id} />
      <PageHeader title="Check-in" description={summary.data?.title ?? <Skeleton className="h-5 w-48" />} />

      <section aria-label="Contagem" className="rounded-xl border bg-card p-4 text-center shadow-xs">
        {summary.data ? (
          <p aria-live="polite" className="font-semibold text-2xl">
            {summary.data.present} de {summary.data.confirmed}{' '}
            <span className="font-normal text-base text-muted-foreground">
              {summary.data.confirmed === 1 ? 'confirmado presente' : 'confirmados presentes'}
            </span>
          </p>
        ) : (
          <LoadingStatus>Carregando contagem...</LoadingStatus>
        )}
      </section>

      {scannable ? <QrScanner onCode={(text) => void admit(text)} busy={checkIn.isPending} /> : null}

      <form onSubmit={submit} noValidate className="grid gap-3">
        <InputField
          id="ticket-code"
          label="Código do ingresso"
          hint="As 8 letras e números do ingresso, com ou sem o traço."
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          placeholder={formatTicketCode('ABCD2345')}
          className="font-mono text-lg uppercase tracking-widest"
        />
        <Button type="submit" size="lg" disabled={checkIn.isPending || !readTicket(code).code}>
          {checkIn.isPending ? 'Registrando...' : 'Registrar entrada'}
        </Button>
      </form>

      <div aria-live="assertive" role="status">
        {outcome ? (
          <div
            className={cn(
              'flex items-start gap-3 rounded-xl border p-4',
              outcome.ok ? 'border-emerald-600/40 bg-emerald-50' : 'border-destructive/40 bg-destructive/5',
            )}
          >
            {outcome.ok ? (
              <CheckCircle2Icon aria-hidden="true" className="size-6 shrink-0 text-emerald-700" />
            ) : (
              <XCircleIcon aria-hidden="true" className="size-6 shrink-0 text-destructive" />
            )}
            <div className="grid gap-1">
              <p className="font-semibold">{outcome.title}</p>
              {!outcome.ok && outcome.description ? <p className="text-sm">{outcome.description}</p> : null}
            </div>
          </div>
        ) : null}
      </div>
    </div>
  )
}

export default EventCheckInPage
