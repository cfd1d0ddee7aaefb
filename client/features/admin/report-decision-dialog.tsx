import { REMOVAL_REASON_LABELS, REMOVAL_REASONS, type RemovalReason } from '@shared/schemas/admin'
import { REPORT_ACTION_LABELS, type ReportAction } from '@shared/schemas/safety'
import { useId, useState } from 'react'
import { ChoiceFieldset, RadioCards } from '@/components/choice-fieldset'
import { DialogForm } from '@/components/dialog-form'
import { TargetDialog } from '@/components/editor-dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { useViewer } from '@/lib/auth'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { whenClosed } from '@/lib/when-closed'
import type { ReportQueueGroup } from './report-group'

function actionsFor(group: ReportQueueGroup, isAdmin: boolean): ReportAction[] {
  if (group.targetType === 'barrier') return ['acknowledge_barrier', 'dismiss']
  const actions: ReportAction[] = ['dismiss']
  if (group.targetType === 'listing' && group.listingState?.moderationStatus === 'active')
    actions.push('remove_listing')
  if (group.targetType === 'wanted' && group.wantedState?.moderationStatus === 'active')
    actions.push('remove_wanted')
  // Removing a review already removed only closes its reports.
  if (group.targetType === 'review') actions.push('remove_review')
  if (group.person && !group.person.deleted && (!group.person.isAdmin || isAdmin)) {
    actions.push('warn', 'suspend')
    if (isAdmin && !group.person.isAdmin) actions.push('remove_account')
  }
  return actions
}

/** The decision on a report group: one action for all its open reports, with the note and its details. */
export function ReportDecisionDialog({
  group,
  onClose,
}: {
  group: ReportQueueGroup | null
  onClose: () => void
}) {
  return (
    <TargetDialog
      target={group}
      onOpenChange={whenClosed(onClose)}
      keyOf={(target) => `${target.targetType}:${target.targetId}`}
    >
      {(target) => <DecisionForm group={target} onDone={onClose} />}
    </TargetDialog>
  )
}

function DecisionForm({ group, onDone }: { group: ReportQueueGroup; onDone: () => void }) {
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
      submitLabel="Confirmar"
      busy={resolve.isPending}
      busyLabel="Salvando..."
    >
      <ChoiceFieldset id={`${id}-action`} legend="Ação">
        <RadioCards
          name={`${id}-action`}
          values={actions}
          labels={REPORT_ACTION_LABELS}
          chosen={action}
          onChoose={setAction}
        />
      </ChoiceFieldset>
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
