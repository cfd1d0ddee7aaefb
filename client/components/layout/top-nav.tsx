import { BellIcon, MenuIcon, PlusIcon } from 'lucide-react'
import { type ComponentProps, lazy, useId } from 'react'
import { Link, useLocation, useRouter } from 'wouter'
import { AfterHydration } from '@/components/after-hydration'
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { unreadMessagesText } from '@/features/chat/unread'
import { UnreadBadge } from '@/features/chat/unread-badge'
import { useUnreadCount } from '@/features/chat/use-unread-count'
import { useViewer, type Viewer } from '@/lib/auth'

// The menus' code (Radix menu, dialog, positioning) loads once the page is up; their buttons show at once.
const MobileMenu = lazy(() => import('./mobile-menu'))
const AccountMenu = lazy(() => import('./account-menu'))
const NotificationBell = lazy(() =>
  import('@/features/notifications/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
)

export type NavLink = { href: string; label: string }

export function TopNav() {
  const { viewer } = useViewer()
  const links = [
    { href: '/portal', label: 'Portal' },
    { href: '/como-funciona', label: 'Como Funciona' },
    ...(viewer ? [{ href: '/eventos', label: 'Eventos' }] : []),
  ]
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <nav
        aria-label="Principal"
        className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-4"
      >
        <AfterHydration fallback={<MobileMenuButton />}>
          <MobileMenu links={links} />
        </AfterHydration>
        <Link
          href="~/"
          className="flex items-center gap-2 font-extrabold text-primary text-xl tracking-tight"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          Vupt
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <li key={link.href}>
              <Button asChild variant="ghost" size="sm">
                <Link href={link.href}>{link.label}</Link>
              </Button>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {viewer ? <SignedInActions viewer={viewer} /> : <SignedOutActions />}
        </div>
      </nav>
    </header>
  )
}

function SignedOutActions() {
  // Signing in brings the visitor back to the page they were reading.
  const [location] = useLocation()
  const from = `${useRouter().base}${location}`
  return (
    <>
      <ButtonLink
        href={`/auth?from=${encodeURIComponent(from)}`}
        variant="ghost"
        size="sm"
        className="px-2 sm:px-3"
        state={{ from }}
      >
        {/* '/ Criar Conta' is off screen on the narrowest phones (320 px), so nothing scrolls sideways;
            it stays in the name. */}
        Entrar <span className="max-[400px]:sr-only">/ Criar Conta</span>
      </ButtonLink>
      <ButtonLink href={`/auth?from=${encodeURIComponent('/vender')}`} size="sm" state={{ from: '/vender' }}>
        Anunciar
      </ButtonLink>
    </>
  )
}

function SignedInActions({ viewer }: { viewer: Viewer }) {
  const unread = useUnreadCount()
  const unreadId = useId()
  const initial = (viewer.fullName || viewer.email).charAt(0).toUpperCase()
  // The name stays 'Menu da conta'; unread messages are its description. The initial is drawn by
  // CSS like the badge: a picture of the person, not a label the name must repeat (2.5.3).
  const accountButton = (
    <Button
      variant="ghost"
      size="icon"
      className="relative rounded-full"
      aria-label="Menu da conta"
      aria-describedby={unread > 0 ? unreadId : undefined}
    >
      <Avatar aria-hidden="true" className="size-9">
        {viewer.avatarUrl ? <AvatarImage src={viewer.avatarUrl} alt="" /> : null}
        <AvatarFallback
          data-initial={initial}
          className="bg-primary font-semibold text-primary-foreground before:content-[attr(data-initial)]"
        />
      </Avatar>
      <UnreadBadge count={unread} className="-top-1 -right-1 absolute ring-2 ring-background" />
    </Button>
  )
  return (
    <>
      <AfterHydration
        fallback={
          <Button variant="ghost" size="icon" className="rounded-full" aria-label="Notificações">
            <BellIcon aria-hidden="true" />
          </Button>
        }
      >
        <NotificationBell />
      </AfterHydration>
      <ButtonLink href="/vender" size="sm" className="hidden sm:inline-flex">
        <PlusIcon aria-hidden="true" />
        Anunciar
      </ButtonLink>
      <AfterHydration fallback={accountButton}>
        <AccountMenu viewer={viewer} unread={unread} button={accountButton} />
      </AfterHydration>
      {unread > 0 ? (
        <span id={unreadId} hidden>
          {unreadMessagesText(unread)}
        </span>
      ) : null}
    </>
  )
}

/** Opens the navigation sheet on a phone (mobile-menu.tsx wraps it once loaded). */
export function MobileMenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu" {...props}>
      <MenuIcon aria-hidden="true" />
    </Button>
  )
}
