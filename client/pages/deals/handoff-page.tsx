import { codeInFragment, formatHandoffCode, MEETING_STATUS_LABELS, type MeetingView } from '@shared/meetings'
import { routes } from '@shared/routes'
import { CheckCircle2Icon, HandshakeIcon, MessageCircleIcon, StarIcon } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Link, useParams } from 'wouter'
import { NarrowPageSkeleton } from '@/components/page/item-page-states'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { takeReturnFragment } from '@/features/auth/return-fragment'
import {
  HandoffCodeDialog,
  HandoffCodeInput,
  useHandoffConfirm,
} from '@/features/deals/meeting-handoff-dialogs'
import { QrScanner } from '@/features/events/qr-scanner'
import { useViewer } from '@/lib/auth'
import { formatDateTime } from '@/lib/dates'
import { routeId } from '@/lib/route-id'
import { trpc } from '@/lib/trpc'
import { MeetingPageStates } from './meeting-page-states'

/**
 * `/entregas/:id`: the hand-off QR code's link. Scanned by the buyer's camera app, it opens here with the
 * code in the fragment (`#codigo=…`, which never reaches the server) and the buyer confirms with one tap;
 * the server checks the code as it does a typed one.
 */
export function HandoffPage() {
  const params = useParams<{ id: string }>()
  const meetingId = routeId(params.id)
  const query = trpc.deals.meetings.byId.useQuery({ meetingId }, { enabled: meetingId > 0, retry: false })
  const { viewer } = useViewer()
  const loading = (
    <NarrowPageSkeleton
      label="Carregando a entrega..."
      shapes={['h-8 w-64', 'h-4 w-full', 'h-24 w-full', 'h-10 w-48']}
    />
  )
  return (
    <MeetingPageStates
      query={query}
      meetingId={meetingId}
      title="Confirmar entrega"
      unavailable={{
        icon: HandshakeIcon,
        description:
          'Esta entrega não existe ou é de outra pessoa. Confira se você entrou com a conta que combinou a entrega.',
        backHref: routes.myDeliveries(),
        backLabel: 'Ir para Minhas entregas',
      }}
      toastId="handoff-load-error"
      loading={loading}
    >
      {(meeting) => (viewer ? <HandoffView meeting={meeting} viewerId={viewer.id} /> : loading)}
    </MeetingPageStates>
  )
}

function HandoffView({ meeting, viewerId }: { meeting: MeetingView; viewerId: number }) {
  const buyer = meeting.buyerId === viewerId
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-8">
      <PageHeader
        title={buyer ? 'Confirmar a entrega' : 'Código da entrega'}
        description={meeting.listingTitle ? `"${meeting.listingTitle}"` : 'Anúncio removido'}
      />
      <section aria-label="Entrega" className="grid gap-2 rounded-xl border bg-card p-4 text-sm shadow-xs">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium">{meeting.spot.name}</p>
          <Badge variant={meeting.status === 'combinada' ? 'default' : 'secondary'}>
            {MEETING_STATUS_LABELS[meeting.status]}
          </Badge>
        </div>
        <p className="text-muted-foreground">{meeting.spot.description}</p>
        {meeting.scheduledAt ? <p className="font-medium">{formatDateTime(meeting.scheduledAt)}</p> : null}
      </section>
      {meeting.status === 'combinada' ? (
        buyer ? (
          <BuyerConfirmation meeting={meeting} />
        ) : (
          <div className="grid gap-3">
            <p>
              Na hora da entrega, mostre o código a quem compra. Quem compra lê o QR code com a câmera do
              celular ou digita o código.
            </p>
            <div>
              <HandoffCodeDialog meeting={meeting} />
            </div>
          </div>
        )
      ) : (
        <MeetingOutcome meeting={meeting} />
      )}
      <div>
        <Button asChild variant="outline">
          <Link href={routes.conversation(meeting.conversationId)}>
            <MessageCircleIcon aria-hidden="true" />
            Abrir conversa
          </Link>
        </Button>
      </div>
    </div>
  )
}

/** The code from the link (its fragment, or the fragment kept across the sign-in), ready to confirm. */
function useCodeFromLink(): [string, (code: string) => void] {
  const [code, setCode] = useState('')
  useEffect(() => {
    const { hash, pathname, search } = window.location
    const fromLink = codeInFragment(hash) ?? codeInFragment(takeReturnFragment(`${pathname}${search}`))
    if (fromLink) setCode(formatHandoffCode(fromLink))
  }, [])
  return [code, setCode]
}

function BuyerConfirmation({ meeting }: { meeting: MeetingView }) {
  const id = useId()
  const [code, setCode] = useCodeFromLink()
  const { scannable, busy, send } = useHandoffConfirm(meeting)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send(code)
  }
  return (
    <div className="grid gap-4">
      <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Confirmar a entrega">
        <p>Confirme só com o item em mãos, depois de conferir que está como combinado.</p>
        <HandoffCodeInput
          id={`${id}-code`}
          hint="O código na tela de quem vende, com ou sem o traço."
          value={code}
          disabled={busy}
          onChange={setCode}
          className="font-mono text-lg uppercase tracking-widest"
        />
        <Button type="submit" size="lg" disabled={busy || code.trim() === ''}>
          {busy ? 'Confirmando...' : 'Confirmar entrega'}
        </Button>
      </form>
      {scannable ? <QrScanner onCode={send} busy={busy} /> : null}
    </div>
  )
}

function MeetingOutcome({ meeting }: { meeting: MeetingView }) {
  if (meeting.status === 'confirmada') {
    return (
      <div className="grid gap-3">
        <p role="status" className="flex items-center gap-2 font-medium">
          <CheckCircle2Icon aria-hidden="true" className="size-5 text-emerald-700" />
          Entrega confirmada{meeting.confirmedAt ? ` em ${formatDateTime(meeting.confirmedAt)}` : ''}.
        </p>
        <div>
          <Button asChild>
            <Link href={routes.review(meeting.id)}>
              <StarIcon aria-hidden="true" />
              Avaliar a entrega
            </Link>
          </Button>
        </div>
      </div>
    )
  }
  const why =
    meeting.status === 'proposta'
      ? 'Esta entrega ainda não foi combinada: escolham um horário na conversa.'
      : meeting.status === 'cancelada'
        ? 'Esta entrega foi cancelada e não pode mais ser confirmada.'
        : 'Esta entrega expirou: passaram 24 horas do horário combinado sem confirmação.'
  return <p role="status">{why}</p>
}

export default HandoffPage
