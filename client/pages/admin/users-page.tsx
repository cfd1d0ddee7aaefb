import { routes } from '@shared/routes'
import { keepPreviousData } from '@tanstack/react-query'
import { CheckIcon, SearchIcon, ShieldIcon, UsersIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { useLocation } from 'wouter'
import { EmptyState, ListSkeleton, LoadError } from '@/components/query-states'
import { RemoveButton } from '@/components/remove-button'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { AdminLayout } from '@/features/admin/admin-layout'
import { ConfirmRemoval } from '@/features/admin/confirm-removal'
import { FilterTabs } from '@/features/admin/filter-tabs'
import { changeCallbacks, removalCallbacks } from '@/features/admin/removal-callbacks'
import { extraRoleLabels } from '@/features/admin/roles'
import { useDebouncedValue } from '@/features/admin/use-debounced-value'
import { type RolesTarget, UserRolesDialog } from '@/features/admin/user-roles-dialog'
import type { RouterOutputs } from '@/lib/api-types'
import { useViewer } from '@/lib/auth'
import { formatDate } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { whenClosed } from '@/lib/when-closed'

type Filter = 'all' | 'approved' | 'pending'
type AdminUser = RouterOutputs['admin']['users']['list'][number]

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'approved', label: 'Aprovados' },
  { value: 'pending', label: 'Pendentes' },
]

/** `/admin/usuarios` and `/admin/aprovacoes` (which opens on the pending accounts). Administrators only. */
export function AdminUsersPage() {
  const [location] = useLocation()
  const approvals = location.replace(/\/+$/, '') === routes.admin.approvals()
  return (
    <AdminLayout
      title="Usuários"
      description="Aprove cadastros, ajuste permissões e remova contas da comunidade."
      access="admin"
    >
      <UsersAdmin key={approvals ? 'pending' : 'all'} initialFilter={approvals ? 'pending' : 'all'} />
    </AdminLayout>
  )
}

function UsersAdmin({ initialFilter }: { initialFilter: Filter }) {
  const searchId = useId()
  const { viewer } = useViewer()
  const utils = trpc.useUtils()
  const [filter, setFilter] = useState<Filter>(initialFilter)
  const [search, setSearch] = useState('')
  const query = useDebouncedValue(search.trim(), 300)
  const [editing, setEditing] = useState<RolesTarget | null>(null)
  const [removing, setRemoving] = useState<AdminUser | null>(null)

  const users = trpc.admin.users.list.useQuery(
    { filter, search: query || undefined },
    // Typing keeps the previous results on screen instead of flashing the skeleton.
    { placeholderData: keepPreviousData },
  )

  const refreshCounts = () =>
    Promise.all([
      utils.admin.users.list.invalidate(),
      utils.admin.dashboard.summary.invalidate(),
      utils.admin.badges.counts.invalidate(),
    ])

  const approve = trpc.admin.users.approve.useMutation(
    changeCallbacks({
      successMessage: 'Usuário aprovado com sucesso!',
      errorTitle: 'Erro ao aprovar usuário',
      refresh: refreshCounts,
    }),
  )

  const remove = trpc.admin.users.delete.useMutation(
    removalCallbacks({
      closeDialog: () => setRemoving(null),
      successMessage: 'Usuário removido com sucesso!',
      // The server's guards (own account, last administrator) explain themselves in the toast.
      errorTitle: 'Erro ao remover usuário',
      refresh: refreshCounts,
    }),
  )

  return (
    <>
      <FilterTabs
        tabs={FILTERS}
        value={filter}
        onValueChange={setFilter}
        label="Filtrar usuários"
        beside={
          <div className="relative sm:w-80">
            <label htmlFor={searchId} className="sr-only">
              Buscar por nome, e-mail ou username
            </label>
            <SearchIcon
              className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              className="pl-9"
              placeholder="Buscar por nome, e-mail ou username"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        }
      >
        {users.isPending ? (
          <ListSkeleton label="Carregando usuários..." />
        ) : users.isError ? (
          <LoadError title="Erro ao carregar usuários" query={users} />
        ) : (
          <>
            <p className="text-muted-foreground text-sm" role="status" aria-live="polite">
              {users.data.length === 1 ? '1 usuário' : `${users.data.length} usuários`}
              {users.isFetching ? ' · atualizando...' : ''}
            </p>
            {users.data.length === 0 ? (
              <EmptyState
                icon={<UsersIcon aria-hidden="true" />}
                title={query ? 'Nenhum usuário encontrado' : 'Nenhum usuário aqui'}
                description={
                  query
                    ? 'Tente outro nome, e-mail ou username.'
                    : filter === 'pending'
                      ? 'Nenhum cadastro aguarda aprovação.'
                      : undefined
                }
              />
            ) : (
              <ul className="grid gap-3">
                {users.data.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    isSelf={user.id === viewer?.id}
                    approving={approve.isPending && approve.variables?.userId === user.id}
                    onApprove={() => approve.mutate({ userId: user.id })}
                    onEditRoles={() =>
                      setEditing({ id: user.id, fullName: user.fullName, roles: user.roles })
                    }
                    onRemove={() => setRemoving(user)}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </FilterTabs>

      <UserRolesDialog
        user={editing}
        isSelf={editing?.id === viewer?.id}
        onOpenChange={whenClosed(() => setEditing(null))}
      />
      <ConfirmRemoval
        item={removing}
        onClose={() => setRemoving(null)}
        title="Tem certeza que deseja remover este usuário?"
        describe={(user) =>
          `A conta de ${user.fullName} (${user.email}) será removida da comunidade. Esta ação não pode ser desfeita.`
        }
        confirmLabel="Remover usuário"
        busyLabel="Removendo..."
        busy={remove.isPending}
        onConfirm={(user) => remove.mutate({ userId: user.id })}
      />
    </>
  )
}

function UserRow({
  user,
  isSelf,
  approving,
  onApprove,
  onEditRoles,
  onRemove,
}: {
  user: AdminUser
  isSelf: boolean
  approving: boolean
  onApprove: () => void
  onEditRoles: () => void
  onRemove: () => void
}) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="font-semibold">
          {user.fullName}{' '}
          {user.username ? <span className="font-normal text-muted-foreground">@{user.username}</span> : null}
        </p>
        <p className="break-words text-muted-foreground text-sm">
          {user.email} · {user.course ?? 'Curso não informado'}
          {user.matricula ? ` · Matrícula ${user.matricula}` : ''}
        </p>
        <p className="text-muted-foreground text-xs">Cadastro em {formatDate(user.createdAt)}</p>
        <div className="flex flex-wrap gap-2">
          <Badge variant={user.approved ? 'default' : 'secondary'}>
            {user.approved ? 'Aprovado' : 'Pendente'}
          </Badge>
          {user.emailVerified ? null : <Badge variant="outline">E-mail não confirmado</Badge>}
          {extraRoleLabels(user.roles).map((label) => (
            <Badge key={label} variant="outline">
              {label}
            </Badge>
          ))}
          {isSelf ? <Badge variant="outline">Você</Badge> : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        {user.approved ? null : (
          <Button
            onClick={onApprove}
            disabled={approving}
            aria-busy={approving || undefined}
            aria-label={`Aprovar ${user.fullName}`}
          >
            <CheckIcon aria-hidden="true" />
            {approving ? 'Aprovando...' : 'Aprovar'}
          </Button>
        )}
        <Button variant="outline" onClick={onEditRoles} aria-label={`Alterar permissões de ${user.fullName}`}>
          <ShieldIcon aria-hidden="true" />
          Permissões
        </Button>
        <RemoveButton onClick={onRemove} aria-label={`Remover usuário ${user.fullName}`}>
          Remover
        </RemoveButton>
      </div>
    </li>
  )
}

export default AdminUsersPage
