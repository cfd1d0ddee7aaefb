import { routes } from '@shared/routes'
/** The unread counts' texts, for a member's header, inbox and toasts; the entry chunk carries none of them. */

/** The badge's text: a small circle fits one digit. */
export function formatUnreadBadge(count: number): string {
  return count > 9 ? '9+' : String(count)
}

/** '1 mensagem não lida', '3 mensagens não lidas' */
export function unreadMessagesText(count: number): string {
  return count === 1 ? '1 mensagem não lida' : `${count} mensagens não lidas`
}

/** An accessible name with its unread count: 'Mensagens, 1 não lida', 'Notificações, 3 não lidas'. */
export function withUnreadCount(name: string, count: number): string {
  return count > 0 ? `${name}, ${count} ${count === 1 ? 'não lida' : 'não lidas'}` : name
}

/** Whether the path is the inbox or a thread (relative to the community prefix). */
export function isChatPath(pathname: string): boolean {
  return pathname === routes.chat() || pathname.startsWith(`${routes.chat()}/`)
}

/**
 * 'Nova mensagem!' is for a count that rises while the user is elsewhere: not the first value
 * (that is what was waiting, not something new), and not on /chat, where the messages are in sight.
 */
export function shouldAnnounceUnread(previous: number | undefined, next: number, pathname: string): boolean {
  return previous !== undefined && next > previous && !isChatPath(pathname)
}
