import { routes } from '@shared/routes'
import { type ReactElement, useState } from 'react'
import { useLocation } from 'wouter'
import type { Arrival } from '@/components/deferred-control'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Separator } from '@/components/ui/separator'
import { Skeleton } from '@/components/ui/skeleton'
import { formatTimeAgo } from '@/lib/dates'
import { toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { PushMenuItem } from './push-settings'

/**
 * The notification list (a Radix menu), fetched when a member reaches for the bell
 * (notification-bell.tsx): it loads the list when opened, and opening a notification marks it read.
 */
export function NotificationMenu({
  unread,
  trigger,
  arrival,
}: {
  unread: number
  /** The bell, the same one that stood in while this code was on the way. */
  trigger: ReactElement
  arrival: Arrival
}) {
  const utils = trpc.useUtils()
  const [open, setOpen] = useState(arrival.defaultOpen)
  const [, navigate] = useLocation()
  const list = trpc.notifications.list.useQuery(undefined, { enabled: open })
  const markRead = trpc.notifications.markRead.useMutation({
    onSuccess: () => {
      void utils.notifications.list.invalidate()
      void utils.notifications.unreadCount.invalidate()
    },
    onError: (error) => toastError(error, 'Erro ao atualizar notificações'),
  })
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild autoFocus={arrival.autoFocus}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))]">
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <span className="font-semibold text-sm">Notificações</span>
          <Button
            variant="link"
            size="inline"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({})}
          >
            Marcar todas como lidas
          </Button>
        </div>
        <Separator />
        <div className="max-h-[min(26rem,70vh)] overflow-y-auto py-1">
          {list.isPending ? (
            <div role="status" aria-label="Carregando notificações" className="grid gap-2 p-3">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : list.isError ? (
            <p className="p-4 text-center text-muted-foreground text-sm">Erro ao carregar notificações.</p>
          ) : list.data.items.length === 0 ? (
            <p className="p-6 text-center text-muted-foreground text-sm">Nenhuma notificação por enquanto.</p>
          ) : (
            list.data.items.map((item) => (
              <DropdownMenuItem
                key={item.id}
                layout="stack"
                className={cn(!item.read && 'bg-accent/60')}
                onSelect={() => {
                  if (!item.read) markRead.mutate({ ids: [item.id] })
                  if (item.link) navigate(item.link)
                }}
              >
                <span className="flex w-full items-start gap-2">
                  {!item.read ? (
                    <>
                      <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
                      <span className="sr-only">Não lida: </span>
                    </>
                  ) : null}
                  <span className="font-medium text-sm">
                    {item.title}
                    {item.count > 1 ? ` (${item.count})` : ''}
                  </span>
                </span>
                {item.body ? <span className="text-muted-foreground text-xs">{item.body}</span> : null}
                <span className="text-muted-foreground text-[11px]">{formatTimeAgo(item.updatedAt)}</span>
              </DropdownMenuItem>
            ))
          )}
        </div>
        <Separator />
        <div className="py-1">
          <PushMenuItem onSettings={() => navigate(`${routes.myAccount()}#notificacoes`)} />
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
