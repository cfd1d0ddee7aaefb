import { CheckIcon, SearchIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { toastError } from '@/lib/errors'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

type Filter = 'all' | 'approved' | 'pending'

export function UsersAdminPage() {
  usePageTitle('Usuários')
  const [filter, setFilter] = useState<Filter>('pending')
  const [search, setSearch] = useState('')
  const utils = trpc.useUtils()
  const users = trpc.admin.users.list.useQuery({ filter, search: search.trim() || undefined })
  const approve = trpc.admin.users.approve.useMutation({
    onSuccess: async () => {
      toast.success('Usuário aprovado com sucesso!')
      await utils.admin.users.list.invalidate()
    },
    onError: (error) => toastError(error, { title: 'Erro ao aprovar usuário' }),
  })

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8">
      <h1 className="font-bold text-2xl">Usuários</h1>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Tabs value={filter} onValueChange={(value) => setFilter(value as Filter)}>
          <TabsList>
            <TabsTrigger value="all">Todos</TabsTrigger>
            <TabsTrigger value="approved">Aprovados</TabsTrigger>
            <TabsTrigger value="pending">Pendentes</TabsTrigger>
          </TabsList>
        </Tabs>
        <div className="relative sm:w-72">
          <label htmlFor="admin-user-search" className="sr-only">
            Buscar por nome, e-mail ou username
          </label>
          <SearchIcon className="absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden="true" />
          <Input
            id="admin-user-search"
            type="search"
            className="pl-9"
            placeholder="Buscar por nome, e-mail ou username"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      {users.isLoading ? (
        <div className="grid gap-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-20 w-full" />
          ))}
        </div>
      ) : users.data?.length ? (
        <ul className="grid gap-3">
          {users.data.map((user) => (
            <li
              key={user.id}
              className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="grid gap-1">
                <p className="font-semibold">
                  {user.fullName}{' '}
                  {user.username ? <span className="text-muted-foreground">@{user.username}</span> : null}
                </p>
                <p className="text-muted-foreground text-sm">
                  {user.email} · {user.course ?? 'Curso não informado'}
                  {user.matricula ? ` · Matrícula ${user.matricula}` : ''}
                </p>
                <div className="flex gap-2">
                  <Badge variant={user.approved ? 'default' : 'secondary'}>
                    {user.approved ? 'Aprovado' : 'Pendente'}
                  </Badge>
                  {user.emailVerified ? null : <Badge variant="outline">E-mail não confirmado</Badge>}
                </div>
              </div>
              {user.approved ? null : (
                <Button
                  onClick={() => approve.mutate({ userId: user.id })}
                  disabled={approve.isPending && approve.variables?.userId === user.id}
                  aria-label={`Aprovar ${user.fullName}`}
                >
                  <CheckIcon aria-hidden="true" />
                  Aprovar
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          Nenhum usuário encontrado.
        </p>
      )}
    </div>
  )
}

export default UsersAdminPage
