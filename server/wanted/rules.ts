import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm'
import { routes } from '../../shared/routes'
import { WANTED_OPEN_MAX, WANTED_PAGE_SIZE, type WantedInput } from '../../shared/schemas/wanted'
import { memberNameColumns } from '../account/profile'
import type { CurrentUser } from '../auth/identity'
import { memberCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import { mainCategories, profiles, wantedPosts } from '../db/schema'
import { appError } from '../errors'
import { logModeration } from '../moderation/log'
import { notify } from '../notifications/notify'
import { consumeAll } from '../rate-limits'
import { assertMayPublish } from '../semesters/standing'
import type { AppServices } from '../services'
import { isLiveWanted, wantedState, wantedVisibleTo } from './visibility'

const DAY_MS = 24 * 60 * 60 * 1000

export const wantedNotFound = () => appError('NOT_FOUND', 'WANTED_NOT_FOUND')

function checkMainCategory(db: Database, mainCategoryId: number) {
  const main = db
    .select({ id: mainCategories.id })
    .from(mainCategories)
    .where(eq(mainCategories.id, mainCategoryId))
    .get()
  if (!main) throw appError('BAD_REQUEST', 'MAIN_CATEGORY_REQUIRED')
}

const fieldsOf = (input: WantedInput, now: Date) => ({
  title: input.title,
  details: input.details || null,
  mainCategoryId: input.mainCategoryId,
  maxPriceCents: input.maxPriceCents ?? null,
  expiresAt: new Date(now.getTime() + input.days * DAY_MS),
})

/** A member posts what they look for, within the open-post cap and the posting rate. */
export async function createWanted(
  services: AppServices,
  user: CurrentUser,
  input: WantedInput,
  now = new Date(),
) {
  const { db } = services
  assertMayPublish(db, user)
  checkMainCategory(db, input.mainCategoryId)
  const open = db
    .select({ total: count() })
    .from(wantedPosts)
    .where(and(eq(wantedPosts.posterId, user.id), isLiveWanted(now)))
    .get()
  if ((open?.total ?? 0) >= WANTED_OPEN_MAX) throw appError('BAD_REQUEST', 'WANTED_TOO_MANY')
  await consumeAll([[services.rateLimits.wantedByUser, String(user.id)]])
  return db
    .insert(wantedPosts)
    .values({ communityId: memberCommunityId(user), posterId: user.id, ...fieldsOf(input, now) })
    .returning({ id: wantedPosts.id })
    .get()
}

/** The poster's own post, or NOT_FOUND: another member's id reveals nothing. */
function ownWanted(db: Database, user: CurrentUser, id: number) {
  const row = db
    .select({ id: wantedPosts.id, moderationStatus: wantedPosts.moderationStatus })
    .from(wantedPosts)
    .where(and(eq(wantedPosts.id, id), eq(wantedPosts.posterId, user.id)))
    .get()
  if (!row) throw wantedNotFound()
  if (row.moderationStatus === 'removed') throw appError('FORBIDDEN', 'WANTED_REMOVED_NOT_EDITABLE')
  return row
}

/** The poster edits the post; the expiry counts again from now, and a closed post opens again. */
export function updateWanted(
  db: Database,
  user: CurrentUser,
  id: number,
  input: WantedInput,
  now = new Date(),
) {
  ownWanted(db, user, id)
  // Editing reopens and republishes the post.
  assertMayPublish(db, user)
  checkMainCategory(db, input.mainCategoryId)
  db.update(wantedPosts)
    .set({ ...fieldsOf(input, now), status: 'open' })
    .where(eq(wantedPosts.id, id))
    .run()
}

/** 'Já encontrei': the post leaves the board and is matched no more. */
export function closeWanted(db: Database, user: CurrentUser, id: number) {
  ownWanted(db, user, id)
  db.update(wantedPosts).set({ status: 'closed' }).where(eq(wantedPosts.id, id)).run()
}

const boardColumns = {
  id: wantedPosts.id,
  title: wantedPosts.title,
  details: wantedPosts.details,
  maxPriceCents: wantedPosts.maxPriceCents,
  expiresAt: wantedPosts.expiresAt,
  createdAt: wantedPosts.createdAt,
  mainCategoryId: wantedPosts.mainCategoryId,
  mainCategoryName: mainCategories.name,
  mainCategorySlug: mainCategories.slug,
  poster: {
    id: profiles.userId,
    ...memberNameColumns,
    course: profiles.course,
  },
}

/**
 * The Procura-se board of the member's community: live posts, newest first, without anyone on either
 * side of a block. `before` pages back by id.
 */
export function wantedBoard(
  db: Database,
  user: CurrentUser,
  options: { mainCategoryId?: number | undefined; before?: number | null | undefined; limit?: number } = {},
  now = new Date(),
) {
  const limit = options.limit ?? WANTED_PAGE_SIZE
  const conditions: (SQL | undefined)[] = [wantedVisibleTo(user, now)]
  if (options.mainCategoryId) conditions.push(eq(wantedPosts.mainCategoryId, options.mainCategoryId))
  if (options.before) conditions.push(lt(wantedPosts.id, options.before))
  const rows = db
    .select(boardColumns)
    .from(wantedPosts)
    .innerJoin(profiles, eq(profiles.userId, wantedPosts.posterId))
    .innerJoin(mainCategories, eq(mainCategories.id, wantedPosts.mainCategoryId))
    .where(and(...conditions))
    .orderBy(desc(wantedPosts.id))
    .limit(limit + 1)
    .all()
  const items = rows.slice(0, limit).map((row) => ({ ...row, isMine: row.poster.id === user.id }))
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null }
}

/** Meus pedidos: every own post with its state, and the moderation's reason for a removed one. */
export function wantedOf(db: Database, user: CurrentUser, now = new Date()) {
  return db
    .select({
      ...boardColumns,
      status: wantedPosts.status,
      moderationStatus: wantedPosts.moderationStatus,
      removalReason: wantedPosts.removalReason,
    })
    .from(wantedPosts)
    .innerJoin(profiles, eq(profiles.userId, wantedPosts.posterId))
    .innerJoin(mainCategories, eq(mainCategories.id, wantedPosts.mainCategoryId))
    .where(eq(wantedPosts.posterId, user.id))
    .orderBy(desc(wantedPosts.id))
    .limit(100)
    .all()
    .map(({ status, moderationStatus, ...row }) => ({
      ...row,
      state: wantedState({ status, moderationStatus, expiresAt: row.expiresAt }, now),
    }))
}

/**
 * A live post of the member's community whose poster is not blocked either way, or NOT_FOUND: what a
 * member may report.
 */
export function visibleWanted(db: Database, user: CurrentUser, id: number, now = new Date()) {
  const row = db
    .select({
      id: wantedPosts.id,
      posterId: wantedPosts.posterId,
      title: wantedPosts.title,
      details: wantedPosts.details,
      maxPriceCents: wantedPosts.maxPriceCents,
      mainCategoryName: mainCategories.name,
    })
    .from(wantedPosts)
    .innerJoin(mainCategories, eq(mainCategories.id, wantedPosts.mainCategoryId))
    .where(and(eq(wantedPosts.id, id), wantedVisibleTo(user, now)))
    .get()
  if (!row) throw wantedNotFound()
  return row
}

/**
 * The moderation removes a post of its own community with a reason the poster will read; logged, not
 * reversible, like a listing.
 */
export function removeWantedByModeration(
  services: Pick<
    AppServices,
    'db' | 'bus' | 'mailer' | 'logger' | 'publicUrl' | 'secrets' | 'defaultCommunitySlug'
  >,
  moderator: CurrentUser,
  id: number,
  reason: string,
) {
  const updated = services.db
    .update(wantedPosts)
    .set({ moderationStatus: 'removed', removalReason: reason })
    .where(
      and(
        eq(wantedPosts.id, id),
        eq(wantedPosts.communityId, memberCommunityId(moderator)),
        eq(wantedPosts.moderationStatus, 'active'),
      ),
    )
    .returning({ id: wantedPosts.id, title: wantedPosts.title, posterId: wantedPosts.posterId })
    .get()
  if (!updated) throw wantedNotFound()
  logModeration(services.db, {
    communityId: moderator.communityId,
    moderatorId: moderator.id,
    actionType: 'remove_wanted',
    targetType: 'wanted',
    targetId: id,
    reason,
  })
  notify(services, {
    userId: updated.posterId,
    kind: 'wanted_removed',
    title: `Seu pedido "${updated.title}" foi removido pela moderação`,
    body: `Motivo: ${reason}`,
    link: routes.wanted(),
  })
  return updated
}
