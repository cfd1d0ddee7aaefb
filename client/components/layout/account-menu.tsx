import { routes } from '@shared/routes'
import type { ReactElement } from 'react'
import { Link } from 'wouter'
import type { Arrival } from '@/components/deferred-control'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { useSignOut } from '@/features/auth/use-sign-out'
import { withUnreadCount } from '@/features/chat/unread'
import { UnreadBadge } from '@/features/chat/unread-badge'
import type { Viewer } from '@/lib/auth'

const adminHref = (viewer: Viewer) => `~/${viewer.communitySlug ?? 'univille'}/admin`

const ACCOUNT_LINKS = [
  [routes.myAccount(), 'Editar Perfil'],
  [routes.myListings(), 'Meus Produtos'],
  [routes.favorites(), 'Meus favoritos'],
  [routes.myEvents(), 'Meus eventos'],
  [routes.myDeliveries(), 'Minhas entregas'],
  [routes.wanted(), 'Procura-se'],
  [routes.security(), 'Segurança e privacidade'],
] as const

function LinkItem({ href, label }: { href: string; label: string }) {
  return (
    <DropdownMenuItem asChild>
      <Link href={href}>{label}</Link>
    </DropdownMenuItem>
  )
}

/** The account menu (Radix), fetched when a member reaches for its button (signed-in-actions.tsx). */
export function AccountMenu({
  viewer,
  unread,
  trigger,
  arrival,
}: {
  viewer: Viewer
  unread: number
  /** The avatar button, the same one that stood in while this code was on the way. */
  trigger: ReactElement
  arrival: Arrival
}) {
  const { signOut } = useSignOut()
  return (
    // Not modal: a modal menu hides the page from screen readers while its links stay focusable.
    <DropdownMenu modal={false} defaultOpen={arrival.defaultOpen}>
      <DropdownMenuTrigger asChild autoFocus={arrival.autoFocus}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60 p-1">
        <DropdownMenuLabel className="truncate font-normal text-muted-foreground">
          {viewer.email}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ACCOUNT_LINKS.map(([href, label]) => (
          <LinkItem key={href} href={href} label={label} />
        ))}
        <DropdownMenuItem asChild>
          <Link
            href={routes.chat()}
            aria-label={unread > 0 ? withUnreadCount('Mensagens', unread) : undefined}
          >
            Mensagens
            <UnreadBadge count={unread} className="ml-auto" />
          </Link>
        </DropdownMenuItem>
        {viewer.roles.includes('admin') || viewer.roles.includes('moderator') ? (
          <LinkItem href={adminHref(viewer)} label="Painel Administrativo" />
        ) : null}
        <DropdownMenuSeparator />
        <LinkItem href={routes.faq()} label="Central de Ajuda" />
        <LinkItem href={routes.about()} label="Sobre" />
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>Sair</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
