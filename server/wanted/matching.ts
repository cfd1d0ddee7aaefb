import { and, desc, eq, gte, inArray, isNull, ne, or } from 'drizzle-orm'
import { formatPrice } from '../../shared/money'
import { routes } from '../../shared/routes'
import type { Database } from '../db/client'
import { rowWhere, valuesWhere } from '../db/rows'
import { listings, profiles, wantedJoins, wantedMatches, wantedPosts } from '../db/schema'
import { notify } from '../notifications/notify'
import type { CurrentUser } from '../people/auth/identity'
import { memberNameColumns } from '../people/profiles/member-columns'
import { notBlockedWith } from '../safety/blocks'
import type { AppServices } from '../services'
import { isLiveWanted, wantedVisibleTo } from './visibility'

/** Words too common to say what someone wants. */
const STOPWORDS = new Set([
  'para',
  'com',
  'sem',
  'uma',
  'umas',
  'uns',
  'dos',
  'das',
  'que',
  'por',
  'procuro',
  'preciso',
  'quero',
  'alguem',
  'algum',
  'alguma',
  'tem',
  'vende',
  'compro',
  'usado',
  'usada',
  'novo',
  'nova',
  'bom',
  'boa',
  'estado',
])

/** Lower case, without accents: 'Calculadora Científica' and 'calculadora cientifica' are one thing. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/**
 * The words of a wanted post's title that a listing must contain: three or more characters, not a
 * filler word, a plural 's' dropped so 'livros' finds 'livro'. A title of only short words keeps them.
 */
export function wantedKeywords(title: string): string[] {
  const words = wordsOf(title).filter((word) => !STOPWORDS.has(word))
  const strong = words.filter((word) => word.length >= 3)
  const chosen = strong.length > 0 ? strong : words.filter((word) => word.length >= 2)
  return [
    ...new Set(chosen.map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word))),
  ]
}

/** Every keyword begins some word of the listing's title or description. */
export function listingAnswers(keywords: string[], listing: { title: string; description: string }): boolean {
  if (keywords.length === 0) return false
  const words = wordsOf(`${listing.title} ${listing.description}`)
  return keywords.every((keyword) => words.some((word) => word.startsWith(keyword)))
}

/** More than this many live posts in one category is a flood; the newest are matched. */
const CANDIDATES_MAX = 500
/** At most this many people are told of one listing: the posters first, then the earliest to join. */
const TOLD_MAX = 500

/**
 * A listing was just published: the live wanted posts of its community and category it answers (by
 * words, and within the max price when there is one) are recorded and their posters told. Never the
 * seller's own posts, and never across a block either way.
 */
export function matchNewListing(services: AppServices, listingId: number, now = new Date()) {
  const { db } = services
  const listing = rowWhere(db, listings, 'id', listingId, [
    'id',
    'communityId',
    'sellerId',
    'mainCategoryId',
    'title',
    'description',
    'priceCents',
  ])
  if (!listing) return []
  const candidates = db
    .select({ id: wantedPosts.id, posterId: wantedPosts.posterId, title: wantedPosts.title })
    .from(wantedPosts)
    .where(
      and(
        eq(wantedPosts.communityId, listing.communityId),
        eq(wantedPosts.mainCategoryId, listing.mainCategoryId),
        isLiveWanted(now),
        ne(wantedPosts.posterId, listing.sellerId),
        or(isNull(wantedPosts.maxPriceCents), gte(wantedPosts.maxPriceCents, listing.priceCents)),
        notBlockedWith(listing.sellerId, wantedPosts.posterId),
      ),
    )
    .orderBy(desc(wantedPosts.createdAt))
    .limit(CANDIDATES_MAX)
    .all()
  const matched = candidates.filter((post) => listingAnswers(wantedKeywords(post.title), listing))
  if (matched.length === 0) return []
  db.insert(wantedMatches)
    .values(matched.map((post) => ({ wantedId: post.id, listingId })))
    .onConflictDoNothing()
    .run()
  // Everyone who said 'Eu também' is told as the poster is, once per listing however many of their
  // posts it answers, never the seller and never across a block.
  const joiners = db
    .select({ wantedId: wantedJoins.wantedId, userId: wantedJoins.userId })
    .from(wantedJoins)
    .where(
      and(
        inArray(
          wantedJoins.wantedId,
          matched.map((post) => post.id),
        ),
        ne(wantedJoins.userId, listing.sellerId),
        notBlockedWith(listing.sellerId, wantedJoins.userId),
      ),
    )
    .orderBy(wantedJoins.createdAt)
    .limit(TOLD_MAX)
    .all()
  const titles = new Map(matched.map((post) => [post.id, post.title]))
  const told = new Map<number, { wantedId: number; title: string }>()
  for (const post of matched)
    if (!told.has(post.posterId)) told.set(post.posterId, { wantedId: post.id, title: post.title })
  for (const join of joiners) {
    if (!told.has(join.userId))
      told.set(join.userId, { wantedId: join.wantedId, title: titles.get(join.wantedId) ?? '' })
  }
  for (const [userId, post] of [...told].slice(0, TOLD_MAX)) {
    notify(services, {
      userId,
      kind: 'wanted_match',
      title: `Alguém anunciou o que você procura: "${post.title}"`,
      body: `"${listing.title}" por ${formatPrice(listing.priceCents)}.`,
      link: routes.listing(listingId),
      email: { kind: 'wanted_match', about: `wanted:${post.wantedId}` },
    })
  }
  return matched.map((post) => post.id)
}

/**
 * 'Alguém procura isto', for the seller of the listing: the posts it answered that are still on the
 * board and whose posters the seller may still reach.
 */
export function matchesOfListing(db: Database, seller: CurrentUser, listingId: number, now = new Date()) {
  const matched = valuesWhere(db, wantedMatches, 'listingId', listingId, 'wantedId')
  if (matched.length === 0) return []
  return db
    .select({
      id: wantedPosts.id,
      title: wantedPosts.title,
      maxPriceCents: wantedPosts.maxPriceCents,
      poster: memberNameColumns,
    })
    .from(wantedPosts)
    .innerJoin(profiles, eq(profiles.userId, wantedPosts.posterId))
    .where(and(inArray(wantedPosts.id, matched), wantedVisibleTo(seller, now)))
    .orderBy(desc(wantedPosts.createdAt))
    .all()
}
