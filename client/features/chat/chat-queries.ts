import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query'
import { getQueryKey } from '@trpc/react-query'
import { trpc } from '@/lib/trpc'
import type { MessagesData, MessagesPage } from './chat-cache'

/**
 * The cache key of a thread's messages. `chat.messages` pages with `before` (not tRPC's `cursor`), so
 * the infinite query is TanStack's own, under tRPC's key: `utils.chat.messages.invalidate()` reaches it.
 */
export function messagesQueryKey(conversationId: number): QueryKey {
  return getQueryKey(trpc.chat.messages, { conversationId }, 'infinite')
}

/** The thread's history, newest page first; `fetchNextPage` loads older messages. */
export function useThreadMessages(conversationId: number, enabled = true) {
  const utils = trpc.useUtils()
  return useInfiniteQuery<MessagesPage, unknown, MessagesData, QueryKey, number | null>({
    queryKey: messagesQueryKey(conversationId),
    queryFn: ({ pageParam, signal }) =>
      utils.client.chat.messages.query({ conversationId, before: pageParam }, { signal }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextBefore,
    enabled: enabled && conversationId > 0,
  })
}
