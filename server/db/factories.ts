/**
 * Rows made the way the app makes them, for the demo seed, the benchmarks and the tests: one place
 * that knows which columns a member, a listing, an event or a conversation needs.
 */
import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { chatPhotoPath } from '../../shared/chat'
import type { ListingCondition, ListingStatus } from '../../shared/domain'
import { needsPhoneRendition } from '../../shared/renditions'
import { zonedLocalToUtc } from '../../shared/time'
import { foldName } from '../courses/names'
import { resolveListingTags, writeListingTags } from '../courses/tags'
import { replaceImages } from '../listings/rules'
import { createAccount, type NewAccount } from '../people/auth/accounts'
import { hashPassword } from '../people/auth/password'
import { memberCommunity } from '../semesters/reverification'
import type { ImageStorage } from '../uploads/storage'
import { accessOf, hasPhoneRendition } from '../uploads/urls'
import type { Database } from './client'
import { rowWhere } from './rows'
import {
  communities,
  conversations,
  courses,
  dealListings,
  deals,
  disciplines,
  events,
  listings,
  meetingSpots,
  meetings,
  profiles,
  subcategories,
  type UploadKind,
  uploads,
} from './schema'

let sequence = 0
const unique = () => `${++sequence}${Math.random().toString(36).slice(2, 6)}`

/** The password of a student made here unless `password` names another (or is `undefined`: none). */
export const STUDENT_PASSWORD = 'senha-de-teste-123'

/**
 * One real argon2 hash per password for the students made here, each salted once: hashing at full cost
 * for each of the thousands of students a test run makes spent more CPU than most tests themselves.
 */
const hashes = new Map<string, Promise<string>>()
function hashOnce(password: string): Promise<string> {
  let hashed = hashes.get(password)
  if (!hashed) {
    hashed = hashPassword(password)
    hashes.set(password, hashed)
  }
  return hashed
}

export type NewStudent = Partial<NewAccount> & {
  /** The community's slug, Univille unless told; a `communityId` given beside it (or null: none) wins. */
  community?: string
  /**
   * A full member: approved, e-mail confirmed and the profile complete (the community's university).
   * `approved` and `emailVerified` given beside it win, for the states in between.
   */
  member?: boolean
}

export type Student = {
  id: number
  email: string
  /** What signs in; empty for an account without a password. */
  password: string
  username: string | null
  fullName: string
  communityId: number | null
}

/**
 * A student of a community, created like a sign-up: pending (not approved, e-mail unconfirmed)
 * unless `member` or the flags say otherwise. E-mail and username are unique per call unless given.
 */
export async function createStudent(
  db: Database,
  { community = 'univille', member = false, ...account }: NewStudent = {},
): Promise<Student> {
  const home = db.select().from(communities).where(eq(communities.slug, community)).get()
  if (!home) throw new Error(`comunidade ${community} não existe`)
  const id = unique()
  const values: NewAccount = {
    email: `estudante${id}@${home.emailDomain}`,
    password: STUDENT_PASSWORD,
    fullName: `Estudante ${id}`,
    username: `estudante_${id}`,
    course: 'Engenharia de Software',
    matricula: `2024${id.slice(0, 4).padStart(4, '0')}`,
    communityId: home.id,
    ...(member ? { approved: true, emailVerified: true, university: home.universityName } : {}),
    ...account,
  }
  const userId = await createAccount(db, values, hashOnce)
  return {
    id: userId,
    email: values.email.trim().toLowerCase(),
    password: values.password ?? '',
    username: values.username ?? null,
    fullName: values.fullName,
    communityId: values.communityId,
  }
}

export type NewListing = {
  sellerId: number
  title: string
  description?: string
  priceCents?: number
  /** Defaults to the first subcategory of the catalogue. */
  subcategoryId?: number
  condition?: ListingCondition
  status?: ListingStatus
  views?: number
  /** Uploads of the seller (kind 'listing') to attach as the photos, in order. */
  imageIds?: string[]
  /** Tags, as the sell form sends them (a course of the seller's community, its disciplines, an ISBN). */
  courseId?: number
  disciplineIds?: number[]
  isbn?: string
}

/** A listing in the seller's community, with its photos attached as the sell form does it. */
export function createListing(db: Database, listing: NewListing, storage?: ImageStorage): number {
  const seller = rowWhere(db, profiles, 'userId', listing.sellerId, ['communityId'])
  const sub = listing.subcategoryId
    ? db.select().from(subcategories).where(eq(subcategories.id, listing.subcategoryId)).get()
    : db.select().from(subcategories).orderBy(asc(subcategories.id)).get()
  if (!seller?.communityId || !sub) throw new Error('vendedor sem comunidade ou catálogo vazio')
  const tags =
    listing.courseId || listing.isbn
      ? resolveListingTags(db, seller.communityId, listing)
      : { courseId: null, disciplineIds: [], isbn: null }
  return db.transaction(() => {
    const { id } = db
      .insert(listings)
      .values({
        communityId: seller.communityId ?? -1,
        sellerId: listing.sellerId,
        title: listing.title,
        description: listing.description ?? `${listing.title}, em ótimo estado.`,
        priceCents: listing.priceCents ?? 5000,
        mainCategoryId: sub.mainCategoryId,
        subcategoryId: sub.id,
        condition: listing.condition ?? 'usado',
        status: listing.status ?? 'ativo',
        views: listing.views ?? 0,
        // Only when given: the migration tests build listings on older schemas, without these columns.
        ...(tags.courseId !== null ? { courseId: tags.courseId } : {}),
        ...(tags.isbn !== null ? { isbn: tags.isbn } : {}),
      })
      .returning({ id: listings.id })
      .get()
    if (tags.courseId !== null || tags.isbn !== null) writeListingTags(db, id, tags)
    const imageIds = listing.imageIds ?? []
    if (imageIds.length > 0) {
      if (!storage) throw new Error('fotos pedem o armazenamento de imagens')
      replaceImages({ db, storage }, listing.sellerId, id, imageIds)
    }
    return id
  })
}

export type NewEvent = {
  organizerId: number
  title: string
  description?: string
  /** How many days from today, in the community's time zone. */
  daysAhead?: number
  eventTime?: string
  location?: string
  maxParticipants?: number | null
  status?: (typeof events.$inferInsert)['status']
  /** The moderator's reason, for a rejected event. */
  rejectionReason?: string
  /** A cover already stored and attached as an 'event' upload. */
  cover?: { url: string; uploadId: string }
}

/** An event of the organizer's community, at a local date and time of that community. */
export function createEvent(db: Database, event: NewEvent): number {
  const community = memberCommunity(db, event.organizerId)
  if (!community) throw new Error('organizador sem comunidade')
  const eventDate = new Intl.DateTimeFormat('en-CA', { timeZone: community.timeZone }).format(
    new Date(Date.now() + (event.daysAhead ?? 7) * 24 * 60 * 60 * 1000),
  )
  const eventTime = event.eventTime ?? '19:30'
  return db
    .insert(events)
    .values({
      communityId: community.id,
      organizerId: event.organizerId,
      title: event.title,
      description: event.description ?? `${event.title}: aberto a toda a comunidade.`,
      eventDate,
      eventTime,
      startsAt: zonedLocalToUtc(eventDate, eventTime, community.timeZone),
      location: event.location ?? 'Bloco A',
      maxParticipants: event.maxParticipants ?? null,
      status: event.status ?? 'pendente',
      rejectionReason: event.rejectionReason ?? null,
      imageUrl: event.cover?.url ?? null,
      imageUploadId: event.cover?.uploadId ?? null,
    })
    .returning({ id: events.id })
    .get().id
}

/** The conversation of a pair of members of one community, about a listing or not. */
export function createConversation(db: Database, one: number, two: number, listingId: number | null = null) {
  const community = db
    .select({ id: profiles.communityId })
    .from(profiles)
    .where(eq(profiles.userId, one))
    .get()
  if (!community?.id) throw new Error('participante sem comunidade')
  // Stored ordered, like the app does, so a pair has exactly one conversation.
  const [participantOne, participantTwo] = one < two ? [one, two] : [two, one]
  return db
    .insert(conversations)
    .values({ communityId: community.id, participantOne, participantTwo, listingId })
    .returning({ id: conversations.id })
    .get().id
}

export type NewUpload = { ownerId: number; kind: UploadKind; width?: number; height?: number }

/** A photo as the pipeline leaves it once processed, not yet attached; returns its id and the URL it is loaded from. */
export function createUpload(db: Database, { ownerId, kind, width = 800, height = 600 }: NewUpload) {
  const id = randomUUID()
  const hash = randomUUID().replace(/-/g, '').repeat(2)
  const isPrivate = accessOf(kind) === 'private'
  const name = isPrivate ? `private-${hash}` : hash
  const fullKey = `${name}-full.webp`
  const phoneKey =
    hasPhoneRendition(kind) && needsPhoneRendition(width, height) ? `${name}-phone.webp` : fullKey
  db.insert(uploads)
    .values({
      id,
      ownerId,
      kind,
      cardKey: `${name}-card.webp`,
      fullKey,
      phoneKey,
      width,
      height,
      bytes: 1000,
    })
    .run()
  return { id, fullUrl: isPrivate ? chatPhotoPath(id, 'full') : `/uploads/${fullKey}` }
}

/** Another live community, with its own e-mail domain; a random slug unless one is given. */
export function createCommunity(
  db: Database,
  { slug, name = 'Outra' }: { slug?: string; name?: string } = {},
) {
  const key = slug ?? `outra-${randomUUID().slice(0, 6)}`
  return db
    .insert(communities)
    .values({
      slug: key,
      name,
      universityName: name,
      emailDomain: `${key}.edu.br`,
      active: true,
      primaryColor: '#000000',
      secondaryColor: '#ffffff',
    })
    .returning({ id: communities.id, emailDomain: communities.emailDomain })
    .get()
}

/**
 * A hand-off already confirmed at one of the community's spots (one is made if it has none), between the
 * two members of a conversation: the seller is the listing's, or the first participant when it has none.
 */
export function createConfirmedMeeting(
  db: Database,
  { conversationId, confirmedAt = new Date() }: { conversationId: number; confirmedAt?: Date },
) {
  const conversation = db.select().from(conversations).where(eq(conversations.id, conversationId)).get()
  if (!conversation) throw new Error('conversa inexistente')
  const listing = conversation.listingId
    ? rowWhere(db, listings, 'id', conversation.listingId, ['sellerId'])
    : undefined
  const sellerId = listing?.sellerId ?? conversation.participantOne
  const buyerId =
    sellerId === conversation.participantOne ? conversation.participantTwo : conversation.participantOne
  const spot =
    db
      .select({ id: meetingSpots.id })
      .from(meetingSpots)
      .where(eq(meetingSpots.communityId, conversation.communityId))
      .orderBy(asc(meetingSpots.id))
      .get() ??
    db
      .insert(meetingSpots)
      .values({
        communityId: conversation.communityId,
        name: 'Hall da biblioteca',
        description: 'Biblioteca central, térreo',
        opensAt: '08:00',
        closesAt: '21:00',
      })
      .returning({ id: meetingSpots.id })
      .get()
  const scheduledAt = new Date(confirmedAt.getTime() - 5 * 60 * 1000)
  // Each confirmed hand-off concludes a deal of its own on the conversation's listing.
  const deal = db
    .insert(deals)
    .values({ conversationId, sellerId, buyerId, status: 'concluido', activityAt: confirmedAt })
    .returning({ id: deals.id })
    .get()
  if (conversation.listingId) {
    db.insert(dealListings).values({ dealId: deal.id, listingId: conversation.listingId }).run()
  }
  return db
    .insert(meetings)
    .values({
      conversationId,
      dealId: deal.id,
      listingId: conversation.listingId,
      sellerId,
      buyerId,
      spotId: spot.id,
      proposedById: buyerId,
      proposedTimes: [scheduledAt.getTime()],
      status: 'confirmada',
      scheduledAt,
      confirmedAt,
      createdAt: new Date(confirmedAt.getTime() - 24 * 60 * 60 * 1000),
    })
    .returning({ id: meetings.id, sellerId: meetings.sellerId, buyerId: meetings.buyerId })
    .get()
}

/** A course of the community with its disciplines ({ name, code }), as the admin would create them. */
export function createCourseWithDisciplines(
  db: Database,
  communityId: number,
  name: string,
  list: { name: string; code?: string | null }[] = [],
) {
  const folded = foldName(name)
  const course = db
    .insert(courses)
    .values({ communityId, name, foldedName: folded })
    .returning({ id: courses.id })
    .get()
  const ids = list.map(
    (discipline) =>
      db
        .insert(disciplines)
        .values({
          courseId: course.id,
          name: discipline.name,
          foldedName: foldName(discipline.name),
          code: discipline.code ?? null,
        })
        .returning({ id: disciplines.id })
        .get().id,
  )
  return { id: course.id, disciplineIds: ids }
}
