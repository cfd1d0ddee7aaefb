import { and, count, desc, eq, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import { routes } from '../../shared/routes'
import { WANTED_OPEN_MAX, WANTED_PAGE_SIZE, type WantedInput } from '../../shared/schemas/wanted'
import { COURSE_DEMAND_SIZE, type WantedSort } from '../../shared/wanted'
import { memberCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import { rowWhere } from '../db/rows'
import { courses, mainCategories, memberCourses, profiles, wantedJoins, wantedPosts } from '../db/schema'
import { appError } from '../errors'
import { assertNotForbidden, queueForReview } from '../integrity/rules'
import { notify } from '../notifications/notify'
import type { CurrentUser } from '../people/auth/identity'
import { memberNameColumns } from '../people/profiles/member-columns'
import { consumeAll } from '../rate-limits'
import { logStaffAct } from '../safety/moderation/log'
import { assertMayPublish } from '../semesters/standing'
import type { AppServices } from '../services'
import { isLiveWanted, wantedState, wantedVisibleTo } from './visibility'

const DAY_MS = 24 * 60 * 60 * 1000

export const wantedNotFound = () => appError('WANTED_NOT_FOUND')

function checkMainCategory(db: Database, mainCategoryId: number) {
  const main = rowWhere(db, mainCategories, 'id', mainCategoryId, ['id', 'name'])
  if (!main) throw appError('MAIN_CATEGORY_REQUIRED')
  return main
}

/** A post the integrity review rules matched goes to the moderation's queue, as the poster wrote it. */
function queueWantedForReview(
  services: Pick<AppServices, 'db' | 'bus'>,
  user: CurrentUser,
  id: number,
  input: WantedInput,
  categoryName: string,
  rules: ReturnType<typeof assertNotForbidden>,
) {
  queueForReview(services, {
    communityId: memberCommunityId(user),
    authorId: user.id,
    target: {
      type: 'wanted',
      id,
      title: input.title,
      details: input.details || null,
      maxPriceCents: input.maxPriceCents ?? null,
      categoryName,
    },
    rules,
  })
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
  const category = checkMainCategory(db, input.mainCategoryId)
  const review = assertNotForbidden(db, memberCommunityId(user), [input.title, input.details ?? ''])
  const open = db
    .select({ total: count() })
    .from(wantedPosts)
    .where(and(eq(wantedPosts.posterId, user.id), isLiveWanted(now)))
    .get()
  if ((open?.total ?? 0) >= WANTED_OPEN_MAX) throw appError('WANTED_TOO_MANY')
  await consumeAll([[services.rateLimits.wantedByUser, String(user.id)]])
  const created = db
    .insert(wantedPosts)
    .values({ communityId: memberCommunityId(user), posterId: user.id, ...fieldsOf(input, now) })
    .returning({ id: wantedPosts.id })
    .get()
  queueWantedForReview(services, user, created.id, input, category.name, review)
  return created
}

/** The poster's own post, or NOT_FOUND: another member's id reveals nothing. */
function ownWanted(db: Database, user: CurrentUser, id: number) {
  const row = db
    .select({ id: wantedPosts.id, moderationStatus: wantedPosts.moderationStatus })
    .from(wantedPosts)
    .where(and(eq(wantedPosts.id, id), eq(wantedPosts.posterId, user.id)))
    .get()
  if (!row) throw wantedNotFound()
  if (row.moderationStatus === 'removed') throw appError('WANTED_REMOVED_NOT_EDITABLE')
  return row
}

/** The poster edits the post; the expiry counts again from now, and a closed post opens again. */
export function updateWanted(
  services: Pick<AppServices, 'db' | 'bus'>,
  user: CurrentUser,
  id: number,
  input: WantedInput,
  now = new Date(),
) {
  const { db } = services
  ownWanted(db, user, id)
  // Editing reopens and republishes the post.
  assertMayPublish(db, user)
  const category = checkMainCategory(db, input.mainCategoryId)
  const review = assertNotForbidden(db, memberCommunityId(user), [input.title, input.details ?? ''])
  db.update(wantedPosts)
    .set({ ...fieldsOf(input, now), status: 'open' })
    .where(eq(wantedPosts.id, id))
    .run()
  queueWantedForReview(services, user, id, input, category.name, review)
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
  wantersCount: wantedPosts.wantersCount,
  poster: {
    id: profiles.userId,
    ...memberNameColumns,
    course: profiles.course,
  },
}

/** In a query: the member said 'Eu também' to the post. */
const joinedBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${wantedJoins} where ${wantedJoins.wantedId} = ${wantedPosts.id} and ${wantedJoins.userId} = ${userId})`.mapWith(
    Boolean,
  )

/** Where a page of the board ends: the id, or 'count-id' when the most wanted come first. */
function pageEnd(sort: WantedSort, cursor: string | null | undefined): SQL | undefined {
  if (!cursor) return undefined
  const [first, second] = cursor.split('-').map(Number)
  if (sort === 'recent') return lt(wantedPosts.id, first ?? 0)
  if (second === undefined) return undefined
  return or(
    lt(wantedPosts.wantersCount, first ?? 0),
    and(eq(wantedPosts.wantersCount, first ?? 0), lt(wantedPosts.id, second)),
  )
}

/**
 * The Procura-se board of the member's community: live posts, newest first or the most wanted first,
 * without anyone on either side of a block. `cursor` pages on from where the last page ended.
 */
export function wantedBoard(
  db: Database,
  user: CurrentUser,
  options: {
    mainCategoryId?: number | undefined
    sort?: WantedSort | undefined
    cursor?: string | null | undefined
    limit?: number
  } = {},
  now = new Date(),
) {
  const limit = options.limit ?? WANTED_PAGE_SIZE
  const sort = options.sort ?? 'recent'
  const conditions: (SQL | undefined)[] = [wantedVisibleTo(user, now)]
  if (options.mainCategoryId) conditions.push(eq(wantedPosts.mainCategoryId, options.mainCategoryId))
  conditions.push(pageEnd(sort, options.cursor))
  const rows = db
    .select({ ...boardColumns, joinedByMe: joinedBy(user.id) })
    .from(wantedPosts)
    .innerJoin(profiles, eq(profiles.userId, wantedPosts.posterId))
    .innerJoin(mainCategories, eq(mainCategories.id, wantedPosts.mainCategoryId))
    .where(and(...conditions))
    .orderBy(
      ...(sort === 'popular'
        ? [desc(wantedPosts.wantersCount), desc(wantedPosts.id)]
        : [desc(wantedPosts.id)]),
    )
    .limit(limit + 1)
    .all()
  const items = rows.slice(0, limit).map((row) => ({ ...row, isMine: row.poster.id === user.id }))
  const last = items.at(-1)
  const nextCursor =
    rows.length > limit && last
      ? sort === 'popular'
        ? `${last.wantersCount}-${last.id}`
        : String(last.id)
      : null
  return { items, nextCursor }
}

/**
 * 'Eu também': the member joins a live post of their community instead of posting it again, and is
 * told with its poster when a listing answers it. Saying it twice changes nothing.
 */
export function joinWanted(db: Database, user: CurrentUser, id: number, now = new Date()) {
  assertMayPublish(db, user)
  const post = db
    .select({ posterId: wantedPosts.posterId })
    .from(wantedPosts)
    .where(and(eq(wantedPosts.id, id), wantedVisibleTo(user, now)))
    .get()
  if (!post) throw wantedNotFound()
  if (post.posterId === user.id) throw appError('WANTED_OWN_JOIN')
  db.insert(wantedJoins).values({ wantedId: id, userId: user.id }).onConflictDoNothing().run()
  return wantersOf(db, id)
}

/** 'Não procuro mais': the member leaves a post they joined, whatever became of it. */
export function leaveWanted(db: Database, user: CurrentUser, id: number) {
  db.delete(wantedJoins)
    .where(and(eq(wantedJoins.wantedId, id), eq(wantedJoins.userId, user.id)))
    .run()
  return wantersOf(db, id)
}

function wantersOf(db: Database, id: number) {
  const row = rowWhere(db, wantedPosts, 'id', id, ['wantersCount'])
  return { id, wantersCount: row?.wantersCount ?? 0 }
}

/** The member's course from the community's list; null without one (none, or text before the list). */
function courseOf(db: Database, userId: number): { id: number; name: string } | null {
  return (
    db
      .select({ id: courses.id, name: courses.name })
      .from(memberCourses)
      .innerJoin(courses, eq(courses.id, memberCourses.courseId))
      .where(eq(memberCourses.userId, userId))
      .get() ?? null
  )
}

/**
 * The member `userId` (a column of the outer query) studies the course `courseId`. The only place two
 * members' courses are compared: by the course of the list, never by the profile's text.
 */
function studiesCourse(userId: SQL, courseId: number): SQL {
  return sql`exists (select 1 from ${memberCourses} where ${memberCourses.userId} = ${userId} and ${memberCourses.courseId} = ${courseId})`
}

/**
 * 'Mais procurados do seu curso', for a seller on Vender: the live posts of the community wanted by
 * the most members of the seller's course (the poster and those who said 'Eu também'), never the
 * seller's own. Empty when the profile names no course.
 */
export function courseDemand(db: Database, user: CurrentUser, limit = COURSE_DEMAND_SIZE, now = new Date()) {
  const course = courseOf(db, user.id)
  if (!course) return { course: null, items: [] }
  const courseWanters = sql<number>`(
    ${studiesCourse(sql`${wantedPosts.posterId}`, course.id)}
    + (select count(*) from ${wantedJoins}
       where ${wantedJoins.wantedId} = ${wantedPosts.id} and ${studiesCourse(sql`${wantedJoins.userId}`, course.id)})
  )`.mapWith(Number)
  const items = db
    .select({
      id: wantedPosts.id,
      title: wantedPosts.title,
      maxPriceCents: wantedPosts.maxPriceCents,
      wantersCount: wantedPosts.wantersCount,
      mainCategoryName: mainCategories.name,
      courseWanters,
    })
    .from(wantedPosts)
    .innerJoin(mainCategories, eq(mainCategories.id, wantedPosts.mainCategoryId))
    .where(and(wantedVisibleTo(user, now), ne(wantedPosts.posterId, user.id), sql`${courseWanters} > 0`))
    .orderBy(desc(courseWanters), desc(wantedPosts.wantersCount), desc(wantedPosts.id))
    .limit(limit)
    .all()
  return { course: course.name, items }
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
  logStaffAct(services.db, moderator, {
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
