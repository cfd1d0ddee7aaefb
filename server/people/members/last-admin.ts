import { and, count, eq, ne } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { profiles, userRoles } from '../../db/schema'
import { appError } from '../../errors'

/**
 * A community never runs out of administrators: refuses when `userId` is an administrator and no other
 * administrator of `communityId` is left to take over (admins of other communities do not count).
 * Whoever demotes or deletes an admin, through the panel or their own account, asks this first.
 */
export function assertNotLastAdmin(
  db: Database,
  communityId: number,
  userId: number,
  refusal: 'LAST_ADMIN' | 'LAST_ADMIN_SELF_DELETE' = 'LAST_ADMIN',
): void {
  const isAdmin =
    db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
      .get() !== undefined
  if (!isAdmin) return
  const otherAdmins =
    db
      .select({ total: count() })
      .from(userRoles)
      .innerJoin(profiles, eq(profiles.userId, userRoles.userId))
      .where(
        and(eq(userRoles.role, 'admin'), eq(profiles.communityId, communityId), ne(userRoles.userId, userId)),
      )
      .get()?.total ?? 0
  if (otherAdmins === 0) throw appError(refusal)
}
