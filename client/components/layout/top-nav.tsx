import { MenuIcon, PlusIcon } from 'lucide-react'
import { useId } from 'react'
import { Link, useLocation, useRouter } from 'wouter'
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Sheet, SheetClose, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { useSignOut } from '@/features/auth/use-sign-out'
import { unreadMessagesText } from '@/features/chat/unread'
import { UnreadBadge } from '@/features/chat/unread-badge'
import { useUnreadCount } from '@/features/chat/use-unread-count'
import { NotificationBell } from '@/features/notifications/notification-bell'
import { useViewer, type Viewer } from '@/lib/auth'
import { useCommunity } from '@/lib/community'
import { instanceUrl } from '@/lib/instance-url'

const adminHref = (viewer: Viewer) => `~/${viewer.communitySlug ?? 'univille'}/admin`

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
        <MobileMenu links={links} />
        <Link
          href="~/"
          className="flex items-center gap-2 font-extrabold text-primary text-xl tracking-tight"
        >
          <img src="/favicon.svg" alt="" className="size-8" />
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
  const { signOut } = useSignOut()
  const unread = useUnreadCount()
  const unreadId = useId()
  const initial = (viewer.fullName || viewer.email).charAt(0).toUpperCase()
  return (
    <>
      <NotificationBell />
      <ButtonLink href="/vender" size="sm" className="hidden sm:inline-flex">
        <PlusIcon aria-hidden="true" />
        Anunciar
      </ButtonLink>
      {/* Not modal: a modal menu hides the page from screen readers while its links stay focusable. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          {/* The name stays 'Menu da conta'; unread messages are its description. The initial is drawn by
              CSS like the badge: a picture of the person, not a label the name must repeat (2.5.3). */}
          <Button
            variant="ghost"
            size="icon"
            className="relative rounded-full"
            aria-label="Menu da conta"
            aria-describedby={unread > 0 ? unreadId : undefined}
          >
            <Avatar aria-hidden="true" className="size-9">
              {viewer.avatarUrl ? <AvatarImage src={instanceUrl(viewer.avatarUrl)} alt="" /> : null}
              <AvatarFallback
                data-initial={initial}
                className="bg-primary font-semibold text-primary-foreground before:content-[attr(data-initial)]"
              />
            </Avatar>
            <UnreadBadge count={unread} className="-top-1 -right-1 absolute ring-2 ring-background" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="truncate font-normal text-muted-foreground">
            {viewer.email}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href="/minha-conta">Editar Perfil</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/meus-produtos">Meus Produtos</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/meus-favoritos">Meus favoritos</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/meus-eventos">Meus eventos</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/procura-se">Procura-se</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/minha-conta/seguranca">Segurança e privacidade</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link
              href="/chat"
              aria-label={
                unread > 0 ? `Mensagens, ${unread} ${unread === 1 ? 'não lida' : 'não lidas'}` : undefined
              }
            >
              Mensagens
              <UnreadBadge count={unread} className="ml-auto" />
            </Link>
          </DropdownMenuItem>
          {viewer.roles.includes('admin') || viewer.roles.includes('moderator') ? (
            <DropdownMenuItem asChild>
              <Link href={adminHref(viewer)}>Painel Administrativo</Link>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href="/faq">Central de Ajuda</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/sobre">Sobre</Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void signOut()}>Sair</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {unread > 0 ? (
        <span id={unreadId} hidden>
          {unreadMessagesText(unread)}
        </span>
      ) : null}
    </>
  )
}

function MobileMenu({ links }: { links: { href: string; label: string }[] }) {
  const { community } = useCommunity()
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu">
          <MenuIcon aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-72">
        <SheetHeader>
          <SheetTitle>{community ? `Vupt · ${community.name}` : 'Vupt'}</SheetTitle>
        </SheetHeader>
        <ul className="grid gap-1 px-4">
          {[...links, { href: '/faq', label: 'Central de Ajuda' }, { href: '/sobre', label: 'Sobre' }].map(
            (link) => (
              <li key={link.href}>
                <SheetClose asChild>
                  <Link href={link.href} className="block rounded-md px-3 py-3 font-medium hover:bg-accent">
                    {link.label}
                  </Link>
                </SheetClose>
              </li>
            ),
          )}
        </ul>
      </SheetContent>
    </Sheet>
  )
}
