import { describe, expect, it } from 'vitest'
import {
  applyReadReceipt,
  type ChatMessage,
  flattenMessages,
  type MessagesData,
  mergeMessage,
  newestUnreadFromOther,
} from './chat-cache'

const ME = 1
const OTHER = 2

const message = (id: number, senderId: number = OTHER, read = false): ChatMessage => ({
  id,
  conversationId: 7,
  senderId,
  content: `mensagem ${id}`,
  photos: [],
  warnings: [],
  read,
  createdAt: new Date(2025, 0, 10, 12, id).toISOString(),
})

/** Pages as the server sends them: newest first, `nextBefore` the oldest id when more exist. */
const thread = (...pages: { ids: number[]; more: boolean }[]): MessagesData => ({
  pages: pages.map(({ ids, more }) => ({
    items: ids.map((id) => message(id)),
    nextBefore: more ? (ids.at(-1) ?? null) : null,
  })),
  pageParams: [null, ...pages.slice(0, -1).map(({ ids }) => ids.at(-1) ?? null)],
})

const ids = (data: MessagesData | undefined) => data?.pages.map((page) => page.items.map((item) => item.id))

describe('mergeMessage', () => {
  it('puts a new message first in the newest page', () => {
    const data = thread({ ids: [5, 4], more: true }, { ids: [3, 2], more: false })
    const next = mergeMessage(data, message(6))
    expect(ids(next)).toEqual([
      [6, 5, 4],
      [3, 2],
    ])
    expect(next?.pages[1]).toBe(data.pages[1])
    expect(next?.pageParams).toBe(data.pageParams)
  })

  it('ignores a message it already has, in any page (send result, live event, replay)', () => {
    const data = thread({ ids: [5, 4], more: true }, { ids: [3, 2], more: false })
    expect(mergeMessage(data, message(5))).toBe(data)
    expect(mergeMessage(data, message(2))).toBe(data)
  })

  it('keeps the page ordered when a missed message arrives after a newer one', () => {
    const data = thread({ ids: [9, 6], more: false })
    expect(ids(mergeMessage(data, message(8)))).toEqual([[9, 8, 6]])
  })

  it('files a message into the page its id belongs to', () => {
    const data = thread({ ids: [9, 8], more: true }, { ids: [5, 4], more: true })
    expect(ids(mergeMessage(data, message(6)))).toEqual([
      [9, 8],
      [6, 5, 4],
    ])
  })

  it('leaves a message older than everything loaded to the page that will load it', () => {
    const data = thread({ ids: [9, 8], more: true })
    expect(mergeMessage(data, message(3))).toBe(data)
  })

  it('appends an old message when the whole history is loaded', () => {
    expect(ids(mergeMessage(thread({ ids: [9, 8], more: false }), message(3)))).toEqual([[9, 8, 3]])
  })

  it('starts an empty thread', () => {
    expect(ids(mergeMessage(thread({ ids: [], more: false }), message(1)))).toEqual([[1]])
  })

  it('does nothing for a thread that is not loaded', () => {
    expect(mergeMessage(undefined, message(1))).toBeUndefined()
  })
})

describe('applyReadReceipt', () => {
  const mixed = (): MessagesData => ({
    pages: [
      { items: [message(6, OTHER), message(5, ME), message(4, ME)], nextBefore: 4 },
      { items: [message(3, ME), message(2, OTHER), message(1, ME, true)], nextBefore: null },
    ],
    pageParams: [null, 4],
  })

  it("marks the viewer's own messages up to the id when the other person read them", () => {
    const next = applyReadReceipt(mixed(), { readerId: OTHER, upToId: 4 })
    const read = flattenMessages(next).map((item) => [item.id, item.read])
    expect(read).toEqual([
      [1, true],
      [2, false],
      [3, true],
      [4, true],
      [5, false],
      [6, false],
    ])
  })

  it("marks the other person's messages when the viewer read them (another tab)", () => {
    const next = applyReadReceipt(mixed(), { readerId: ME, upToId: 6 })
    expect(flattenMessages(next).filter((item) => item.senderId === OTHER && !item.read)).toEqual([])
    expect(next?.pages[0]?.items[1]?.read).toBe(false)
  })

  it('keeps untouched pages and returns the same data when nothing changes', () => {
    const data = mixed()
    const next = applyReadReceipt(data, { readerId: OTHER, upToId: 3 })
    expect(next?.pages[0]).toBe(data.pages[0])
    expect(next?.pages[1]).not.toBe(data.pages[1])
    const again = applyReadReceipt(next, { readerId: OTHER, upToId: 3 })
    expect(again).toBe(next)
    expect(applyReadReceipt(undefined, { readerId: OTHER, upToId: 3 })).toBeUndefined()
  })
})

describe('flattenMessages and newestUnreadFromOther', () => {
  it('reads the pages oldest first', () => {
    const data = thread({ ids: [5, 4], more: true }, { ids: [3, 2], more: false })
    expect(flattenMessages(data).map((item) => item.id)).toEqual([2, 3, 4, 5])
    expect(flattenMessages(undefined)).toEqual([])
  })

  it("finds the newest unread message of the other person, ignoring the viewer's", () => {
    expect(newestUnreadFromOther([message(1), message(2, OTHER, true), message(3, ME)], ME)).toBe(1)
    expect(newestUnreadFromOther([message(1, OTHER, true), message(2, ME)], ME)).toBeNull()
  })
})
