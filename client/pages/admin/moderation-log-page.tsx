import { MODERATION_ACTION_LABELS, MODERATION_ACTIONS } from '@shared/moderation'
import { ScrollTextIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'wouter'
import { LabelOptions } from '@/components/page/label-options'
import { EmptyState, ListSkeleton, LoadError } from '@/components/query-states'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { actionLabel, actorName, reasonText, targetHref, targetLabel } from '@/features/admin/moderation-log'
import type { RouterOutputs } from '@/lib/api-types'
import { formatDateTime, isoDateTime } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { adminPage } from './admin-frame'

type LogEntry = RouterOutputs['admin']['dashboard']['log'][number]

const ALL = 'all'

/** `/admin/moderacao`: who did what, to what, when and why (the latest 300 actions). */
export const AdminModerationLogPage = adminPage(
  { title: 'Moderação', description: 'Histórico das ações de moderação da comunidade.' },
  ModerationLog,
)

function ModerationLog() {
  const filterId = useId()
  const [action, setAction] = useState<string>(ALL)
  const log = trpc.admin.dashboard.log.useQuery()

  if (log.isPending) return <ListSkeleton label="Carregando histórico..." rowClassName="h-20" />
  if (log.isError) {
    return <LoadError title="Erro ao carregar o histórico" query={log} />
  }

  const entries = action === ALL ? log.data : log.data.filter((entry) => entry.actionType === action)
  return (
    <div className="grid gap-4">
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={filterId}>Tipo de ação</Label>
        <Select value={action} onValueChange={setAction}>
          <SelectTrigger id={filterId} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Todas as ações</SelectItem>
            <LabelOptions values={MODERATION_ACTIONS} labels={MODERATION_ACTION_LABELS} as={SelectItem} />
          </SelectContent>
        </Select>
      </div>
      <p className="text-muted-foreground text-sm" role="status">
        {entries.length === 1 ? '1 registro' : `${entries.length} registros`}
      </p>
      {entries.length === 0 ? (
        <EmptyState
          icon={<ScrollTextIcon aria-hidden="true" />}
          title="Nenhum registro"
          description={
            action === ALL
              ? 'As ações de moderação aparecerão aqui.'
              : 'Nenhuma ação deste tipo foi registrada.'
          }
        />
      ) : (
        <ol className="grid gap-3">
          {entries.map((entry) => (
            <LogItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </div>
  )
}

function LogItem({ entry }: { entry: LogEntry }) {
  const href = targetHref(entry.targetType, entry.targetId)
  const target = targetLabel(entry.targetType, entry.targetId)
  const reason = reasonText(entry.actionType, entry.reason)
  return (
    <li className="grid gap-1 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 break-words">
          <span className="font-semibold">{actorName(entry.actionType, entry.moderator)}</span>{' '}
          <span>{actionLabel(entry.actionType).toLowerCase()}</span>
          {' · '}
          {href ? (
            <Link href={href} className="text-primary underline underline-offset-4 hover:decoration-2">
              {target}
            </Link>
          ) : (
            <span>{target}</span>
          )}
        </p>
        <time dateTime={isoDateTime(entry.createdAt)} className="shrink-0 text-muted-foreground text-sm">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      {reason ? (
        <p className="break-words text-muted-foreground text-sm">
          <span className="font-medium text-foreground">Motivo:</span> {reason}
        </p>
      ) : null}
    </li>
  )
}

export default AdminModerationLogPage
