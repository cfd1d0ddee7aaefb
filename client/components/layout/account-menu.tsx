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
import { UnreadBadge } from '@/features/chat/unread-badge'
import type { Viewer } from '@/lib/auth'

const adminHref = (viewer: Viewer) => `~/${viewer.communitySlug ?? 'univille'}/admin`

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
  )
}
