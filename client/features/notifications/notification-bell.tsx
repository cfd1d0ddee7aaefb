import { BellIcon } from 'lucide-react'
import { type ComponentProps, useEffect, useState } from 'react'
import { DeferredControl, moduleLoader } from '@/components/deferred-control'
import { TopBarButton } from '@/components/layout/top-bar-button'
import { formatUnreadBadge, withUnreadCount } from '@/features/chat/unread'
import { useUnreadCount } from '@/features/chat/use-unread-count'
import { trpc } from '@/lib/trpc'

const notificationMenu = moduleLoader(() => import('./notification-menu'))

function BellButton({ unread, ...props }: { unread: number } & ComponentProps<typeof TopBarButton>) {
  return (
    <TopBarButton aria-label={withUnreadCount('Notificações', unread)} {...props}>
      <BellIcon aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="-top-0.5 -right-0.5 absolute flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-white ring-2 ring-background"
        >
          {formatUnreadBadge(unread)}
        </span>
      ) : null}
    </TopBarButton>
  )
}

/**
 * The notification centre in the top bar: the unread count arrives live over the WebSocket; the list
 * and its menu code come when the bell is reached for (notification-menu.tsx).
 */
export function NotificationBell() {
  const utils = trpc.useUtils()
  const [liveUnread, setLiveUnread] = useState<number | null>(null)
  trpc.notifications.live.useSubscription(undefined, {
    onData: ({ unread }) => {
      setLiveUnread(unread)
      void utils.notifications.list.invalidate()
      // A notice may be a waitlist place given: the event page or Meus eventos on screen shows it at once.
      void utils.events.byId.invalidate()
      void utils.events.attending.invalidate()
      void utils.events.waiting.invalidate()
    },
  })
  const polled = trpc.notifications.unreadCount.useQuery(undefined, { enabled: liveUnread === null })
  const unread = liveUnread ?? polled.data?.count ?? 0
  const unreadMessages = useUnreadCount()
  // The installed app's icon counts what is waiting, where the system shows badges.
  useEffect(() => {
    if (!('setAppBadge' in navigator)) return
    const total = unread + unreadMessages
    void (total > 0 ? navigator.setAppBadge(total) : navigator.clearAppBadge()).catch(() => {})
  }, [unread, unreadMessages])
  return (
    <DeferredControl
      loader={notificationMenu}
      standIn={(props) => (
        <BellButton unread={unread} aria-haspopup="menu" aria-expanded={false} {...props} />
      )}
    >
      {(module, arrival) => (
        <module.NotificationMenu unread={unread} arrival={arrival} trigger={<BellButton unread={unread} />} />
      )}
    </DeferredControl>
  )
}
