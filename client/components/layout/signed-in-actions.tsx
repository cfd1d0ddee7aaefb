import { routes } from '@shared/routes'
import { PlusIcon } from 'lucide-react'
import { type ComponentProps, useId } from 'react'
import { DeferredControl, moduleLoader } from '@/components/deferred-control'
import { TopBarButton } from '@/components/layout/top-bar-button'
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { ButtonLink } from '@/components/ui/button-link'
import { unreadMessagesText } from '@/features/chat/unread'
import { UnreadBadge } from '@/features/chat/unread-badge'
import { useUnreadCount } from '@/features/chat/use-unread-count'
import { NotificationBell } from '@/features/notifications/notification-bell'
import type { Viewer } from '@/lib/auth'
import { instanceUrl } from '@/lib/instance-url'

const accountMenu = moduleLoader(() => import('./account-menu'))

/**
 * The avatar that opens the account menu. The name stays 'Menu da conta'; unread messages are its
 * description. The initial is drawn by CSS like the badge: a picture of the person, not a label the name
 * must repeat (2.5.3).
 */
function AccountButton({
  viewer,
  unread,
  unreadId,
  ...props
}: { viewer: Viewer; unread: number; unreadId: string } & ComponentProps<typeof TopBarButton>) {
  const initial = (viewer.fullName || viewer.email).charAt(0).toUpperCase()
  return (
    <TopBarButton aria-label="Menu da conta" aria-describedby={unread > 0 ? unreadId : undefined} {...props}>
      <Avatar aria-hidden="true" className="size-9">
        {viewer.avatarUrl ? <AvatarImage src={instanceUrl(viewer.avatarUrl)} alt="" /> : null}
        <AvatarFallback data-initial={initial} className="text-sm before:content-[attr(data-initial)]" />
      </Avatar>
      <UnreadBadge count={unread} className="-top-1 -right-1 absolute ring-2 ring-background" />
    </TopBarButton>
  )
}

/** The top bar's right side for a member: notifications, Anunciar and the account menu. */
export default function SignedInActions({ viewer }: { viewer: Viewer }) {
  const unread = useUnreadCount()
  const unreadId = useId()
  return (
    <>
      <NotificationBell />
      <ButtonLink href={routes.sell()} size="sm" className="max-sm:hidden">
        <PlusIcon aria-hidden="true" />
        Anunciar
      </ButtonLink>
      <DeferredControl
        loader={accountMenu}
        standIn={(props) => (
          <AccountButton
            viewer={viewer}
            unread={unread}
            unreadId={unreadId}
            aria-haspopup="menu"
            aria-expanded={false}
            {...props}
          />
        )}
      >
        {(module, arrival) => (
          <module.AccountMenu
            viewer={viewer}
            unread={unread}
            arrival={arrival}
            trigger={<AccountButton viewer={viewer} unread={unread} unreadId={unreadId} />}
          />
        )}
      </DeferredControl>
      {unread > 0 ? (
        <span id={unreadId} hidden>
          {unreadMessagesText(unread)}
        </span>
      ) : null}
    </>
  )
}
