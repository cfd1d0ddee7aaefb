import { and, desc, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Database } from '../db/client'
import { preparedQuery } from '../db/prepared'
import { rowWhere } from '../db/rows'
import { blocks, profiles } from '../db/schema'
import { appError } from '../errors'
import type { CurrentUser } from '../people/auth/identity'
import { memberChipColumns } from '../people/profiles/member-columns'

/**
 * Blocking works both ways and silently: neither side sees the other's listings or profile, and
 * neither can message the other. The blocked person is told nothing; to them the blocker looks like
 * someone who is simply not there.
 */

/** In a query: the member in `column` neither blocked the viewer nor was blocked by them. */
export function notBlockedWith(
  viewerId: number | Placeholder | null | undefined,
  column: AnySQLiteColumn,
): SQL | undefined {
  if (!viewerId) return undefined
  return sql`${column} not in (select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}
    union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId})`
}

/** Whether either of the two blocked the other. */
const blockEitherWay = preparedQuery((db) =>
  db
    .select({ one: sql`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, sql.placeholder('one')), eq(blocks.blockedId, sql.placeholder('two'))),
        and(eq(blocks.blockerId, sql.placeholder('two')), eq(blocks.blockedId, sql.placeholder('one'))),
      ),
    )
    .prepare(),
)

export function blockedBetween(db: Database, one: number, two: number): boolean {
  return blockEitherWay(db).get({ one, two }) !== undefined
}

/** Whether `blockerId` blocked `blockedId` (one direction: what the blocker's own screens show). */
export function hasBlocked(db: Database, blockerId: number, blockedId: number): boolean {
  return (
    db
      .select({ one: sql`1` })
      .from(blocks)
      .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
      .get() !== undefined
  )
}

/** A member of the blocker's community, by id; anyone else is refused like a missing person. */
function blockable(db: Database, user: CurrentUser, userId: number) {
  if (userId === user.id) throw appError('BLOCK_SELF')
  const target = rowWhere(db, profiles, 'userId', userId, ['userId', 'communityId'])
  if (!target || target.communityId !== user.communityId) throw appError('PERSON_NOT_FOUND')
  return target
}

export function blockMember(db: Database, user: CurrentUser, userId: number) {
  blockable(db, user, userId)
  db.insert(blocks).values({ blockerId: user.id, blockedId: userId }).onConflictDoNothing().run()
}

export function unblockMember(db: Database, user: CurrentUser, userId: number) {
  db.delete(blocks)
    .where(and(eq(blocks.blockerId, user.id), eq(blocks.blockedId, userId)))
    .run()
}

/** Minha Conta: the people the member blocked, latest first. */
export function blockedByMember(db: Database, userId: number) {
  return db
    .select({
      userId: blocks.blockedId,
      ...memberChipColumns,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(desc(blocks.createdAt))
    .all()
}
