import { BellIcon } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Skeleton } from '@/components/ui/skeleton'
import { formatTimeAgo } from '@/lib/dates'
import { toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'

const countText = (count: number) => (count > 9 ? '9+' : String(count))

/**
 * The notification centre in the top bar: the unread count arrives live over the WebSocket, the list
 * loads when the bell is opened, and opening a notification marks it read.
 */
export function NotificationBell() {
  const utils = trpc.useUtils()
  const [open, setOpen] = useState(false)
  const [, navigate] = useLocation()
  const [liveUnread, setLiveUnread] = useState<number | null>(null)
  trpc.notifications.live.useSubscription(undefined, {
    onData: ({ unread }) => {
      setLiveUnread(unread)
      void utils.notifications.list.invalidate()
    },
  })
  const polled = trpc.notifications.unreadCount.useQuery(undefined, { enabled: liveUnread === null })
  const unread = liveUnread ?? polled.data?.count ?? 0
  const list = trpc.notifications.list.useQuery(undefined, { enabled: open })
  const markRead = trpc.notifications.markRead.useMutation({
    onSuccess: () => {
      void utils.notifications.list.invalidate()
      void utils.notifications.unreadCount.invalidate()
    },
    onError: (error) => toastError(error, 'Erro ao atualizar notificações'),
  })

  const label =
    unread > 0 ? `Notificações, ${unread} ${unread === 1 ? 'não lida' : 'não lidas'}` : 'Notificações'
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative rounded-full" aria-label={label}>
          <BellIcon aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="-top-0.5 -right-0.5 absolute flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-white ring-2 ring-background"
            >
              {countText(unread)}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <DropdownMenuLabel className="p-0 font-semibold text-sm">Notificações</DropdownMenuLabel>
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0 text-xs"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({})}
          >
            Marcar todas como lidas
          </Button>
        </div>
        <DropdownMenuSeparator className="m-0" />
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
                className={cn(
                  'flex flex-col items-start gap-0.5 whitespace-normal px-3 py-2',
                  !item.read && 'bg-accent/60',
                )}
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
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
