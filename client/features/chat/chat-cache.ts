import type { InfiniteData } from '@tanstack/react-query'
import type { RouterOutputs } from '@/lib/api-types'

export type MessagesPage = RouterOutputs['chat']['messages']
export type ChatMessage = MessagesPage['items'][number]
/** The thread's infinite query: pages newest first, each page's items newest first. */
export type MessagesData = InfiniteData<MessagesPage, number | null>

/**
 * Adds a message to a loaded thread, where its id puts it. A message already present is left as is:
 * the sender receives their own message both from `send` and from the live events, and a resumed
 * subscription may replay one. A message older than everything loaded is left for the page that
 * will load it (unless the whole history is loaded, then it goes last).
 */
export function mergeMessage(data: MessagesData | undefined, message: ChatMessage): MessagesData | undefined {
  if (!data) return data
  if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data
  let target = data.pages.findIndex((page) => {
    const oldest = page.items.at(-1)
    return oldest === undefined || message.id > oldest.id
  })
  if (target === -1) {
    const last = data.pages.at(-1)
    if (!last || last.nextBefore !== null) return data
    target = data.pages.length - 1
  }
  return {
    ...data,
    pages: data.pages.map((page, index) =>
      index === target ? { ...page, items: [...page.items, message].sort((a, b) => b.id - a.id) } : page,
    ),
  }
}

/**
 * Applies a read receipt: `readerId` has read every message of the other party up to `upToId`.
 * Works for both sides: the sender sees 'Lida', the reader's other tabs stop counting them as unread.
 * Pages and messages that do not change keep their identity.
 */
export function applyReadReceipt(
  data: MessagesData | undefined,
  receipt: { readerId: number; upToId: number },
): MessagesData | undefined {
  if (!data) return data
  let changed = false
  const pages = data.pages.map((page) => {
    if (!page.items.some((item) => isReadBy(item, receipt))) return page
    changed = true
    return {
      ...page,
      items: page.items.map((item) => (isReadBy(item, receipt) ? { ...item, read: true } : item)),
    }
  })
  return changed ? { ...data, pages } : data
}

const isReadBy = (message: ChatMessage, { readerId, upToId }: { readerId: number; upToId: number }) =>
  !message.read && message.senderId !== readerId && message.id <= upToId

/** The loaded thread in reading order: oldest first. */
export function flattenMessages(data: MessagesData | undefined): ChatMessage[] {
  if (!data) return []
  return data.pages.flatMap((page) => page.items).sort((a, b) => a.id - b.id)
}

/** The newest message of the other party not yet read by the viewer, if any: what `markRead` is for. */
export function newestUnreadFromOther(messages: readonly ChatMessage[], viewerId: number): number | null {
  let newest: number | null = null
  for (const message of messages) {
    if (!message.read && message.senderId !== viewerId && (newest === null || message.id > newest)) {
      newest = message.id
    }
  }
  return newest
}
