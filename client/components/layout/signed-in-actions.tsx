import { PlusIcon } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'wouter'
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
import { useSignOut } from '@/features/auth/use-sign-out'
import { unreadMessagesText } from '@/features/chat/unread'
import { UnreadBadge } from '@/features/chat/unread-badge'
import { useUnreadCount } from '@/features/chat/use-unread-count'
import { NotificationBell } from '@/features/notifications/notification-bell'
import type { Viewer } from '@/lib/auth'
import { instanceUrl } from '@/lib/instance-url'

const adminHref = (viewer: Viewer) => `~/${viewer.communitySlug ?? 'univille'}/admin`

/** The top bar's right side for a member: notifications, Anunciar and the account menu. */
export default function SignedInActions({ viewer }: { viewer: Viewer }) {
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
