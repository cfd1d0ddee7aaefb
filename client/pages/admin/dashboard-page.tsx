import { routes } from '@shared/routes'
import {
  ArchiveIcon,
  CalendarClockIcon,
  ImageIcon,
  type LucideIcon,
  PackageCheckIcon,
  PackageXIcon,
  UserPlusIcon,
  UsersIcon,
} from 'lucide-react'
import { Link } from 'wouter'
import { LabelledSection } from '@/components/labelled-section'
import { LoadingStatus } from '@/components/loading-status'
import { ListSkeleton, LoadError } from '@/components/query-states'
import { Card, CardContent } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { hasAdminAccess } from '@/features/admin/admin-nav'
import { WeeklyChart } from '@/features/admin/weekly-chart'
import { useViewer } from '@/lib/auth'
import { formatDateTime, formatTimeAgo, toDate } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { adminPage } from './admin-frame'

/** `/admin`: the community at a glance, for administrators and moderators. */
export const AdminDashboardPage = adminPage(
  { title: 'Painel', description: 'Visão geral da comunidade.' },
  Dashboard,
)

/**
 * `pendingEvents` and `activeBanners` are typed Promise<number> today: the server returns drizzle's
 * `$count` builder without awaiting it (reported). Accepting both keeps this page right before and after
 * that fix.
 */
const countOf = (value: number | Promise<number>): number => (typeof value === 'number' ? value : 0)

type Counter = {
  label: string
  value: number
  icon: LucideIcon
  /** Where to act on it; only pages the viewer may open. */
  href: string | null
  highlight?: boolean
}

function Dashboard() {
  const { viewer } = useViewer()
  const isAdmin = hasAdminAccess(viewer?.roles ?? [], 'admin')
  const summary = trpc.admin.dashboard.summary.useQuery()

  if (summary.isPending) {
    return (
      <div className="grid gap-6">
        <LoadingStatus>Carregando painel...</LoadingStatus>
        <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Skeleton key={index} className="h-24 rounded-xl" />
          ))}
        </div>
        <ListSkeleton rows={1} rowClassName="h-64" />
      </div>
    )
  }
  if (summary.isError) {
    return <LoadError title="Erro ao carregar o painel" query={summary} />
  }

  const data = summary.data
  const pendingEvents = countOf(data.pendingEvents)
  const counters: Counter[] = [
    {
      label: 'Usuários',
      value: data.users.total,
      icon: UsersIcon,
      href: isAdmin ? routes.admin.users() : null,
    },
    {
      label: 'Usuários pendentes',
      value: data.users.pending,
      icon: UserPlusIcon,
      href: isAdmin ? routes.admin.approvals() : null,
      highlight: data.users.pending > 0,
    },
    {
      label: 'Anúncios ativos',
      value: data.listings.active,
      icon: PackageCheckIcon,
      href: routes.admin.listings(),
    },
    {
      label: 'Anúncios removidos',
      value: data.listings.removed,
      icon: PackageXIcon,
      href: routes.admin.listings(),
    },
    {
      label: 'Eventos pendentes',
      value: pendingEvents,
      icon: CalendarClockIcon,
      href: routes.admin.events(),
      highlight: pendingEvents > 0,
    },
    {
      label: 'Banners ativos',
      value: countOf(data.activeBanners),
      icon: ImageIcon,
      href: isAdmin ? routes.admin.banners() : null,
    },
  ]

  return (
    <div className="grid gap-6">
      <LabelledSection id="dashboard-counters" title="Contadores" headingClassName="sr-only">
        <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 lg:grid-cols-3">
          {counters.map((counter) => (
            <li key={counter.label}>
              <CounterCard counter={counter} />
            </li>
          ))}
        </ul>
      </LabelledSection>
      <Card>
        <CardContent>
          <WeeklyChart weeks={data.weeks} />
        </CardContent>
      </Card>
      {data.backup && <BackupCard backup={data.backup} />}
    </div>
  )
}

type BackupSummary = {
  enabled: boolean
  lastSuccessAt: Date | string | null
  lastFailureAt: Date | string | null
}

/** Scheduled backups, for administrators: when the last one succeeded, and a failure since then. */
function BackupCard({ backup }: { backup: BackupSummary }) {
  const failedSince =
    backup.lastFailureAt !== null &&
    (backup.lastSuccessAt === null || toDate(backup.lastFailureAt) > toDate(backup.lastSuccessAt))
  return (
    <section
      aria-labelledby="dashboard-backup"
      className={cn(
        'flex items-start gap-3 rounded-xl border bg-card p-4 shadow-sm',
        failedSince && 'border-destructive/40',
      )}
    >
      <ArchiveIcon
        className={cn('mt-0.5 size-4 shrink-0', failedSince && 'text-destructive')}
        aria-hidden="true"
      />
      <div className="grid gap-1 text-sm">
        <h2 id="dashboard-backup" className="font-medium">
          Backup automático
        </h2>
        {!backup.enabled ? (
          <p className="text-muted-foreground">Desligado. Defina BACKUP_DIR no servidor para ativar.</p>
        ) : backup.lastSuccessAt ? (
          <p className="text-muted-foreground">
            Último backup concluído{' '}
            <time
              dateTime={toDate(backup.lastSuccessAt).toISOString()}
              title={formatDateTime(backup.lastSuccessAt)}
            >
              {formatTimeAgo(backup.lastSuccessAt)}
            </time>
            .
          </p>
        ) : (
          <p className="text-muted-foreground">Nenhum backup concluído ainda.</p>
        )}
        {failedSince && backup.lastFailureAt && (
          <p className="text-destructive">
            O último backup falhou em {formatDateTime(backup.lastFailureAt)}. Veja o log do servidor.
          </p>
        )}
      </div>
    </section>
  )
}

function CounterCard({ counter }: { counter: Counter }) {
  const Icon = counter.icon
  const body = (
    <>
      <span className="flex items-center justify-between gap-2 text-muted-foreground text-sm">
        {counter.label}
        <Icon className={cn('size-4 shrink-0', counter.highlight && 'text-destructive')} aria-hidden="true" />
      </span>
      <span className="font-bold text-3xl tabular-nums">{counter.value}</span>
    </>
  )
  const className = cn(
    'flex h-full flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm',
    counter.highlight && 'border-destructive/40',
  )
  // The whole card is the link, named by its label and number ('Eventos pendentes 3').
  return counter.href ? (
    <Link
      href={counter.href}
      className={cn(
        className,
        'outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
      )}
    >
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  )
}

export default AdminDashboardPage
