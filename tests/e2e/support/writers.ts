/**
 * Members writing through the real HTTP API while something happens to the server (a backup, a
 * crash), each write recorded only once the server has acknowledged it; and the reads that find
 * those writes again afterwards.
 */
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { openDatabase, runMigrations } from '../../../server/db/client'
import { createConversation, createEvent, createStudent } from '../../../server/db/factories'
import { createSession } from '../../../server/people/auth/session'

export type Writer = { userId: number; token: string; conversationId: number }
export type Population = { writers: Writer[]; eventIds: number[] }

/** Approved members in pairs, each pair with a conversation, and approved events to RSVP to. */
export async function preparePopulation(dataDir: string, pairs: number, events: number): Promise<Population> {
  const db = openDatabase(join(dataDir, 'vupt.sqlite'))
  try {
    runMigrations(db, resolve('drizzle'))
    const writers: Writer[] = []
    for (let pair = 0; pair < pairs; pair++) {
      const [one, two] = await Promise.all([0, 1].map(() => createStudent(db, { member: true })))
      if (!one || !two) throw new Error('estudantes não criados')
      const conversationId = createConversation(db, one.id, two.id)
      for (const member of [one, two]) {
        writers.push({ userId: member.id, token: createSession(db, member.id).token, conversationId })
      }
    }
    const organizer = writers[0]
    if (!organizer) throw new Error('sem membros')
    const eventIds = Array.from({ length: events }, (_, index) =>
      createEvent(db, { organizerId: organizer.userId, title: `Encontro ${index + 1}`, status: 'aprovado' }),
    )
    return { writers, eventIds }
  } finally {
    db.$client.close()
  }
}

export class Api {
  constructor(
    readonly url: string,
    readonly token: string,
  ) {}

  private headers(extra: Record<string, string> = {}) {
    return { origin: this.url, cookie: `vupt_session=${this.token}`, ...extra }
  }

  async mutation<T>(path: string, input: unknown): Promise<T> {
    const response = await fetch(`${this.url}/api/trpc/${path}`, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify(input),
    })
    const body = (await response.json()) as { result?: { data: T }; error?: unknown }
    if (!response.ok || !body.result)
      throw new Error(`${path}: ${response.status} ${JSON.stringify(body.error)}`)
    return body.result.data
  }

  async query<T>(path: string, input?: unknown): Promise<T> {
    const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
    const response = await fetch(`${this.url}/api/trpc/${path}${search}`, { headers: this.headers() })
    const body = (await response.json()) as { result?: { data: T }; error?: unknown }
    if (!response.ok || !body.result)
      throw new Error(`${path}: ${response.status} ${JSON.stringify(body.error)}`)
    return body.result.data
  }

  async upload(image: Buffer): Promise<{ id: string; cardUrl: string; fullUrl: string }> {
    const form = new FormData()
    form.set('kind', 'listing')
    form.set('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'foto.jpg')
    const response = await fetch(`${this.url}/api/uploads?kind=listing`, {
      method: 'POST',
      headers: this.headers(),
      body: form,
    })
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`)
    return (await response.json()) as { id: string; cardUrl: string; fullUrl: string }
  }
}

/** What the server acknowledged. */
export type Acknowledged = {
  listings: { id: number; title: string; ownerToken: string; photoUrls: string[] }[]
  messages: { id: number; content: string; conversationId: number; token: string }[]
  rsvps: { eventId: number; token: string }[]
  /** Refusals and failures seen while writing, for the assertion messages. */
  failures: string[]
}

let colour = 0
function distinctPhoto(): Promise<Buffer> {
  colour = (colour + 7919) % 0xffffff
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: `#${colour.toString(16).padStart(6, '0')}` },
  })
    .jpeg()
    .toBuffer()
}

/**
 * Every member loops until `stop` is set: a chat message and an RSVP (while there are events left) each
 * turn, and a listing with a new photo every fourth turn (uploads are limited per member). A failed request
 * (the server went away) is simply not recorded. Resolves once every loop has ended.
 */
export async function writeUntil(
  url: string,
  population: Population,
  stop: { now: boolean },
  acknowledged: Acknowledged,
): Promise<void> {
  const categories = await new Api(url, population.writers[0]?.token ?? '').query<
    { id: number; subcategories: { id: number }[] }[]
  >('listings.categories')
  const category = categories.find((main) => main.subcategories.length > 0)
  const subcategory = category?.subcategories[0]
  if (!category || !subcategory) throw new Error('sem categorias')

  await Promise.all(
    population.writers.map(async (writer, index) => {
      const api = new Api(url, writer.token)
      const eventsLeft = [...population.eventIds]
      for (let turn = 0; !stop.now; turn++) {
        try {
          const content = `mensagem ${index}-${turn}`
          const message = await api.mutation<{ id: number }>('chat.send', {
            conversationId: writer.conversationId,
            content,
          })
          acknowledged.messages.push({
            id: message.id,
            content,
            conversationId: writer.conversationId,
            token: writer.token,
          })
          const eventId = eventsLeft.shift()
          if (eventId !== undefined) {
            await api.mutation('events.attend', { id: eventId })
            acknowledged.rsvps.push({ eventId, token: writer.token })
          }
          if (turn % 4 === 0) {
            const photo = await api.upload(await distinctPhoto())
            const title = `Anúncio ${index}-${turn}`
            const listing = await api.mutation<{ id: number }>('listings.create', {
              title,
              description: 'Em bom estado, retirar no campus.',
              priceCents: 1000 + turn,
              mainCategoryId: category.id,
              subcategoryId: subcategory.id,
              condition: 'usado',
              imageIds: [photo.id],
            })
            acknowledged.listings.push({
              id: listing.id,
              title,
              ownerToken: writer.token,
              photoUrls: [photo.cardUrl, photo.fullUrl],
            })
          }
        } catch (error) {
          if (stop.now) return
          if (acknowledged.failures.length < 50) acknowledged.failures.push((error as Error).message)
          // Wait out a refusal (the chat's per-member pace) or a server that is going away.
        }
        // Below the chat's pace of 20 messages per 10 s per member.
        await new Promise((resolvePromise) => setTimeout(resolvePromise, 550))
      }
    }),
  )
}

export function emptyAcknowledged(): Acknowledged {
  return { listings: [], messages: [], rsvps: [], failures: [] }
}

/** Every acknowledged write that the server at `url` no longer has, described; empty when all are there. */
export async function missingWrites(url: string, acknowledged: Acknowledged): Promise<string[]> {
  const missing: string[] = []
  for (const listing of acknowledged.listings) {
    const api = new Api(url, listing.ownerToken)
    try {
      const found = await api.query<{ title: string }>('listings.byId', { id: listing.id })
      if (found.title !== listing.title) missing.push(`anúncio ${listing.id} com outro título`)
    } catch (error) {
      missing.push(`anúncio ${listing.id}: ${(error as Error).message}`)
    }
    for (const photo of listing.photoUrls) {
      const response = await fetch(new URL(photo, url))
      const bytes = await response.arrayBuffer()
      if (response.status !== 200 || bytes.byteLength === 0) missing.push(`foto ${photo}: ${response.status}`)
    }
  }
  const byConversation = new Map<number, { token: string; contents: Set<number> }>()
  for (const message of acknowledged.messages) {
    const entry = byConversation.get(message.conversationId) ?? { token: message.token, contents: new Set() }
    entry.contents.add(message.id)
    byConversation.set(message.conversationId, entry)
  }
  const contentOf = new Map(acknowledged.messages.map((message) => [message.id, message.content]))
  for (const [conversationId, { token, contents }] of byConversation) {
    const api = new Api(url, token)
    const stored = new Map<number, string>()
    let before: number | null = null
    do {
      const page: { items: { id: number; content: string }[]; nextBefore: number | null } = await api.query(
        'chat.messages',
        { conversationId, before },
      )
      for (const item of page.items) stored.set(item.id, item.content)
      before = page.nextBefore
    } while (before !== null)
    for (const id of contents) {
      if (stored.get(id) !== contentOf.get(id)) missing.push(`mensagem ${id} da conversa ${conversationId}`)
    }
  }
  for (const rsvp of acknowledged.rsvps) {
    const event = await new Api(url, rsvp.token).query<{ isGoing: boolean }>('events.byId', {
      id: rsvp.eventId,
    })
    if (!event.isGoing) missing.push(`presença no evento ${rsvp.eventId}`)
  }
  return missing
}
