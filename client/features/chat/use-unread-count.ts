import { useViewer } from '@/lib/auth'
import { trpc } from '@/lib/trpc'
import { isChatMember } from './chat-member'

/** Unread messages of the viewer across all conversations; 0 for anyone who cannot chat. */
export function useUnreadCount(): number {
  const { viewer } = useViewer()
  const member = isChatMember(viewer)
  const query = trpc.chat.unreadCount.useQuery(undefined, { enabled: member })
  return member ? (query.data?.count ?? 0) : 0
}
