import { formatPrice } from '@shared/money'
import {
  REPORT_REASON_LABELS,
  REPORT_RESOLUTION_LABELS,
  REPORT_REVIEW_HOURS,
  REPORT_TARGET_LABELS,
} from '@shared/safety'
import { REMOVAL_REASON_LABELS, REMOVAL_REASONS, type RemovalReason } from '@shared/schemas/admin'
import { REPORT_ACTION_LABELS, type ReportAction } from '@shared/schemas/safety'
import { FlagIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { DialogForm } from '@/components/dialog-form'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { RadioCard } from '@/components/ui/radio-card'
import { Textarea } from '@/components/ui/textarea'
import { AdminLayout } from '@/features/admin/admin-layout'
import { EmptyState, ListSkeleton, LoadError } from '@/features/admin/admin-states'
import type { RouterOutputs } from '@/lib/api-types'
import { useViewer } from '@/lib/auth'
import { formatDate, formatDateTime } from '@/lib/dates'
import { instanceUrl } from '@/lib/instance-url'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { whenClosed } from '@/lib/when-closed'

type Group = RouterOutputs['admin']['reports']['queue'][number]

/** `/admin/denuncias`: open reports, grouped by target, the longest-waiting first. */
export function AdminReportsPage() {
  return (
    <AdminLayout
      title="Denúncias"
      description={`Cada denúncia deve ser analisada em até ${REPORT_REVIEW_HOURS} horas. As mais antigas aparecem primeiro.`}
    >
      <ReportsQueue />
    </AdminLayout>
  )
}

function ReportsQueue() {
  const queue = trpc.admin.reports.queue.useQuery()
  const [deciding, setDeciding] = useState<Group | null>(null)
  if (queue.isPending) return <ListSkeleton label="Carregando denúncias..." />
  if (queue.isError) {
    return <LoadError title="Erro ao carregar denúncias" query={queue} />
  }
  if (queue.data.length === 0) {
    return (
      <EmptyState
        icon={<FlagIcon aria-hidden="true" />}
        title="Nenhuma denúncia aberta"
        description="Quando alguém denunciar um anúncio, um perfil ou uma mensagem, ela aparece aqui."
      />
    )
  }
  return (
    <>
      <ul className="grid gap-3" aria-label="Denúncias abertas">
        {queue.data.map((group) => (
          <ReportGroup
            key={`${group.targetType}:${group.targetId}`}
            group={group}
            onDecide={() => setDeciding(group)}
          />
        ))}
      </ul>
      <DecisionDialog group={deciding} onClose={() => setDeciding(null)} />
    </>
  )
}

function waitingText(hours: number): string {
  if (hours < 1) return 'há menos de 1 hora'
  return hours === 1 ? 'há 1 hora' : `há ${hours} horas`
}

function ReportGroup({ group, onDecide }: { group: Group; onDecide: () => void }) {
  const { snapshot, history } = group
  return (
    <li
      className={cn('grid gap-3 rounded-lg border bg-card p-4', group.overdue && 'border-destructive')}
      aria-label={`Denúncia: ${REPORT_TARGET_LABELS[group.targetType]}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{REPORT_TARGET_LABELS[group.targetType]}</Badge>
        <span
          className={cn(
            'text-sm',
            group.overdue ? 'font-semibold text-destructive' : 'text-muted-foreground',
          )}
        >
          Aberta {waitingText(group.waitingHours)}
          {group.overdue ? ` · Atrasada (mais de ${REPORT_REVIEW_HOURS} h)` : ''}
        </span>
        <span className="text-muted-foreground text-sm">
          · {group.reports.length} {group.reports.length === 1 ? 'denúncia' : 'denúncias'}
        </span>
      </div>

      <div className="grid gap-1 rounded-md bg-muted/60 p-3 text-sm">
        <p className="font-medium text-muted-foreground text-xs">
          {snapshot.type === 'barrier' ? 'Onde está a barreira' : 'Conteúdo no momento da denúncia'}
        </p>
        {snapshot.type === 'barrier' ? (
          <>
            <p className="break-words font-semibold">{snapshot.page}</p>
            {snapshot.assistiveTech ? (
              <p className="break-words">Navega com: {snapshot.assistiveTech}</p>
            ) : null}
          </>
        ) : snapshot.type === 'listing' ? (
          <>
            <p className="font-semibold">
              {snapshot.title} · {formatPrice(snapshot.priceCents)}
            </p>
            <p className="whitespace-pre-line break-words">{snapshot.description}</p>
            {snapshot.imageUrls.length > 0 ? (
              <div className="flex gap-2 overflow-x-auto">
                {snapshot.imageUrls.map((url) => (
                  <img key={url} src={instanceUrl(url)} alt="" className="size-16 rounded object-cover" />
                ))}
              </div>
            ) : null}
            {group.listingState ? (
              group.listingState.moderationStatus === 'removed' ? (
                <p className="text-muted-foreground text-xs">O anúncio já foi removido.</p>
              ) : null
            ) : (
              <p className="text-muted-foreground text-xs">
                O anúncio foi apagado pelo vendedor depois da denúncia.
              </p>
            )}
          </>
        ) : snapshot.type === 'user' ? (
          <>
            <p className="font-semibold">
              {snapshot.fullName}
              {snapshot.username ? ` (@${snapshot.username})` : ''}
            </p>
            {snapshot.bio ? <p className="whitespace-pre-line break-words">{snapshot.bio}</p> : null}
          </>
        ) : snapshot.type === 'wanted' ? (
          <>
            <p className="font-semibold">
              {snapshot.title} · {snapshot.categoryName}
              {snapshot.maxPriceCents ? ` · até ${formatPrice(snapshot.maxPriceCents)}` : ''}
            </p>
            {snapshot.details ? <p className="whitespace-pre-line break-words">{snapshot.details}</p> : null}
            {group.wantedState?.moderationStatus === 'removed' ? (
              <p className="text-muted-foreground text-xs">O pedido já foi removido.</p>
            ) : null}
          </>
        ) : (
          <>
            <p className="text-muted-foreground text-xs">
              {snapshot.sender.fullName} em {formatDateTime(snapshot.sentAt)}
            </p>
            <p className="whitespace-pre-line break-words">{snapshot.content}</p>
          </>
        )}
      </div>

      {group.person ? (
        <p className="text-sm">
          <span className="font-medium">Responsável:</span> {group.person.fullName}
          {group.person.username ? ` (@${group.person.username})` : ''}
          {group.person.deleted ? ' · conta removida' : ''}
        </p>
      ) : null}

      <ul className="grid gap-1 text-sm" aria-label="Denúncias recebidas">
        {group.reports.map((report) => (
          <li key={report.id}>
            <span className="font-medium">{REPORT_REASON_LABELS[report.reason]}</span>
            <span className="text-muted-foreground"> · {formatDateTime(report.createdAt)}</span>
            {report.reporter ? (
              <span className="text-muted-foreground"> · por @{report.reporter}</span>
            ) : null}
            {report.details ? (
              <p className="whitespace-pre-line break-words text-muted-foreground">“{report.details}”</p>
            ) : null}
          </li>
        ))}
      </ul>

      {group.targetType === 'barrier' ? null : (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">
            Histórico: {history.resolvedReports.length} denúncia(s) anteriores, {history.sanctions.length}{' '}
            advertência(s) ou suspensão(ões), {history.removedListings} anúncio(s) removido(s)
          </summary>
          <ul className="mt-2 grid gap-1 text-muted-foreground">
            {history.sanctions.map((sanction) => (
              <li key={`s-${sanction.createdAt.toString()}`}>
                {sanction.kind === 'warning' ? 'Advertência' : 'Suspensão'} em{' '}
                {formatDate(sanction.createdAt)}: {sanction.reason}
              </li>
            ))}
            {history.resolvedReports.map((report) => (
              <li key={`r-${report.id}`}>
                {REPORT_REASON_LABELS[report.reason as keyof typeof REPORT_REASON_LABELS] ?? report.reason}
                {report.resolution ? ` → ${REPORT_RESOLUTION_LABELS[report.resolution]}` : ''}
                {report.resolvedAt ? ` (${formatDate(report.resolvedAt)})` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}

      <div>
        <Button onClick={onDecide}>Decidir</Button>
      </div>
    </li>
  )
}

function actionsFor(group: Group, isAdmin: boolean): ReportAction[] {
  if (group.targetType === 'barrier') return ['acknowledge_barrier', 'dismiss']
  const actions: ReportAction[] = ['dismiss']
  if (group.targetType === 'listing' && group.listingState?.moderationStatus === 'active')
    actions.push('remove_listing')
  if (group.targetType === 'wanted' && group.wantedState?.moderationStatus === 'active')
    actions.push('remove_wanted')
  if (group.person && !group.person.deleted && (!group.person.isAdmin || isAdmin)) {
    actions.push('warn', 'suspend')
    if (isAdmin && !group.person.isAdmin) actions.push('remove_account')
  }
  return actions
}

function DecisionDialog({ group, onClose }: { group: Group | null; onClose: () => void }) {
  return (
    <Dialog open={group !== null} onOpenChange={whenClosed(onClose)}>
      <DialogContent>
        {group ? (
          <DecisionForm key={`${group.targetType}:${group.targetId}`} group={group} onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function DecisionForm({ group, onDone }: { group: Group; onDone: () => void }) {
  const id = useId()
  const { viewer } = useViewer()
  const actions = actionsFor(group, viewer?.roles.includes('admin') ?? false)
  const [action, setAction] = useState<ReportAction>(actions[0] ?? 'dismiss')
  const [note, setNote] = useState('')
  const [days, setDays] = useState('7')
  const [removalReason, setRemovalReason] = useState<RemovalReason>('violation')
  const utils = trpc.useUtils()
  const resolve = trpc.admin.reports.resolve.useMutation({
    onSuccess: () => {
      toast.success('Denúncia resolvida')
      void utils.admin.reports.queue.invalidate()
      void utils.admin.badges.counts.invalidate()
      void utils.admin.listings.list.invalidate()
      onDone()
    },
    onError: (error) => toastError(error, 'Erro ao resolver denúncia'),
  })
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    resolve.mutate({
      targetType: group.targetType,
      targetId: group.targetId,
      action,
      note,
      ...(action === 'suspend' ? { days: Number(days) } : {}),
      ...(action === 'remove_listing' || action === 'remove_wanted' ? { removalReason } : {}),
    })
  }
  return (
    <DialogForm
      title="Decidir denúncia"
      description="A decisão vale para todas as denúncias abertas sobre este conteúdo e fica no registro de moderação. Quem denunciou recebe o resultado."
      onSubmit={submit}
      onCancel={onDone}
      submitLabel="Confirmar"
      busy={resolve.isPending}
      busyLabel="Salvando..."
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">Ação</legend>
        {actions.map((value) => (
          <RadioCard
            key={value}
            name={`${id}-action`}
            value={value}
            label={REPORT_ACTION_LABELS[value]}
            checked={action === value}
            onChange={() => setAction(value)}
          />
        ))}
      </fieldset>
      {action === 'remove_listing' || action === 'remove_wanted' ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-removal`}>
            Motivo da remoção ({action === 'remove_wanted' ? 'quem pediu' : 'o vendedor'} verá)
          </Label>
          <select
            id={`${id}-removal`}
            value={removalReason}
            onChange={(event) => setRemovalReason(event.target.value as RemovalReason)}
            className="h-9 rounded-md border bg-background px-3 text-sm"
          >
            {REMOVAL_REASONS.map((value) => (
              <option key={value} value={value}>
                {REMOVAL_REASON_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {action === 'suspend' ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-days`}>Dias de suspensão</Label>
          <Input
            id={`${id}-days`}
            type="number"
            min={1}
            max={365}
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </div>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>Motivo da decisão</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={500}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          placeholder="Fica no registro de moderação"
        />
      </div>
    </DialogForm>
  )
}

export default AdminReportsPage
