/**
 * A listing's life: 60 days live, a notice a week before the end, 'Renovar' for 60 more, 'Subir' to the
 * top of 'Mais recentes' once a week, and the system holds (expired; paused while the seller is an
 * egresso) that take it off the portal without touching the seller's own status.
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import { routes } from '../../shared/routes'
import type { Database } from '../db/client'
import { LISTING_LIFETIME_MS, listings } from '../db/schema'
import { closeOffersOffSale } from '../deals/offer-ends'
import { appError } from '../errors'
import { notify } from '../notifications/notify'
import type { CurrentUser } from '../people/auth/identity'
import type { EventBus } from '../realtime/bus'
import { assertMayPublish } from '../semesters/standing'
import type { AppServices } from '../services'
import { listingNotFound } from './rules'
import { isLive } from './visibility'

const DAY_MS = 24 * 60 * 60 * 1000
/** The seller hears this long before the listing expires. */
export const EXPIRY_NOTICE_MS = 7 * DAY_MS
/** 'Subir' at most once in this long (publishing counts as the first time). */
export const BUMP_INTERVAL_MS = 7 * DAY_MS
/** Rows one turn of a job handles at most; the next turn takes the rest. */
const BATCH = 500

function ownRow(db: Database, user: CurrentUser, id: number) {
  const row = db
    .select({
      id: listings.id,
      status: listings.status,
      moderationStatus: listings.moderationStatus,
      hold: listings.hold,
      listedAt: listings.listedAt,
    })
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.sellerId, user.id)))
    .get()
  if (!row) throw listingNotFound()
  return row
}

/** 'Renovar': 60 more days from now; an expired listing comes back (with the seller's own status). */
export function renewListing(db: Database, user: CurrentUser, id: number, now = new Date()) {
  const row = ownRow(db, user, id)
  assertMayPublish(db, user)
  if (row.moderationStatus === 'removed') throw appError('LISTING_REMOVED_NOT_REACTIVABLE')
  const expiresAt = new Date(now.getTime() + LISTING_LIFETIME_MS)
  db.update(listings)
    .set({
      expiresAt,
      expiryNoticeAt: null,
      hold: sql`case when ${listings.hold} = 'expired' then null else ${listings.hold} end`,
    })
    .where(eq(listings.id, id))
    .run()
  return { id, expiresAt }
}

/** 'Subir': back to the top of 'Mais recentes', once every 7 days, for a live listing. */
export function bumpListing(db: Database, user: CurrentUser, id: number, now = new Date()) {
  const row = ownRow(db, user, id)
  assertMayPublish(db, user)
  if (!isLive(row)) throw appError('LISTING_NOT_LIVE')
  const due = new Date(now.getTime() - BUMP_INTERVAL_MS)
  // The interval is part of the write: two bumps racing each other move the listing once.
  const moved = db
    .update(listings)
    .set({ listedAt: now })
    .where(and(eq(listings.id, id), lte(listings.listedAt, due)))
    .run()
  if (moved.changes === 0) throw appError('LISTING_BUMP_TOO_SOON')
  return { id, listedAt: now }
}

/** When the seller may next bump a listing listed at `listedAt`. */
export const nextBumpAt = (listedAt: Date) => new Date(listedAt.getTime() + BUMP_INTERVAL_MS)

/**
 * The listings whose time ran out leave the portal: hold 'expired' (the counters and the portal's
 * partial indexes follow, through the live rule). A sold listing has nothing to expire.
 */
export function expireListings(db: Database, bus: EventBus, now = new Date()): number {
  let total = 0
  for (;;) {
    const expired = db
      .update(listings)
      .set({ hold: 'expired' })
      .where(
        sql`${listings.id} in (select ${listings.id} from ${listings} where ${listings.hold} is null
          and ${listings.expiresAt} <= ${now.getTime()} and ${listings.status} != 'vendido' limit ${BATCH})`,
      )
      .run()
    total += expired.changes
    if (expired.changes < BATCH) {
      if (total > 0) closeOffersOffSale(db, bus)
      return total
    }
  }
}

/** A week before a live listing expires, the seller is told, once, with the way to renew it. */
export function noticeExpiringListings(services: AppServices, now = new Date()): number {
  const { db } = services
  const due = db
    .select({ id: listings.id, sellerId: listings.sellerId, title: listings.title })
    .from(listings)
    .where(
      and(
        isNull(listings.hold),
        lte(listings.expiresAt, new Date(now.getTime() + EXPIRY_NOTICE_MS)),
        gt(listings.expiresAt, now),
        isNull(listings.expiryNoticeAt),
        eq(listings.status, 'ativo'),
        eq(listings.moderationStatus, 'active'),
      ),
    )
    .limit(BATCH)
    .all()
  for (const listing of due) {
    const claimed = db
      .update(listings)
      .set({ expiryNoticeAt: now })
      .where(and(eq(listings.id, listing.id), isNull(listings.expiryNoticeAt)))
      .run()
    if (claimed.changes === 0) continue
    notify(services, {
      userId: listing.sellerId,
      kind: 'listing_expiring',
      title: 'Seu anúncio sai do ar em 7 dias',
      body: `"${listing.title}" fica no portal até daqui a uma semana. Toque em Renovar em Meus Produtos para mantê-lo por mais 60 dias.`,
      link: routes.myListings(),
      email: { kind: 'listing_expiring', about: `listing:${listing.id}` },
    })
  }
  return due.length
}

/**
 * The seller became an egresso: their unheld listings are paused, not deleted. The caller closes the open
 * offers (closeOffersOffSale) once its transaction is committed, so both threads hear it.
 */
export function pauseListingsOf(db: Database, sellerId: number): void {
  db.update(listings)
    .set({ hold: 'alumni' })
    .where(and(eq(listings.sellerId, sellerId), isNull(listings.hold)))
    .run()
}

/**
 * The seller confirmed again: the paused listings come back. One whose days ran out meanwhile gets a
 * week, so the seller still hears of its end a week ahead.
 */
export function resumeListingsOf(db: Database, sellerId: number, now = new Date()): void {
  const floor = now.getTime() + EXPIRY_NOTICE_MS
  db.update(listings)
    .set({
      hold: null,
      expiryNoticeAt: sql`case when ${listings.expiresAt} < ${floor} then null else ${listings.expiryNoticeAt} end`,
      expiresAt: sql`max(${listings.expiresAt}, ${floor})`,
    })
    .where(and(eq(listings.sellerId, sellerId), eq(listings.hold, 'alumni')))
    .run()
}

export const LISTING_LIFE_EVERY_MS = 10 * 60 * 1000

/** One turn of the scheduled job (once across instances, under the job lock). */
export function runListingLife(services: AppServices, now = new Date()) {
  return {
    expired: expireListings(services.db, services.bus, now),
    noticed: noticeExpiringListings(services, now),
  }
}
