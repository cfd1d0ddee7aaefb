/** The members of the admin's own community as the panel manages them: the list, approval, roles, deletion. */
import { and, desc, eq, isNotNull, isNull, notExists, or, type SQL, sql } from 'drizzle-orm'
import { ROLES, type Role } from '../../../shared/domain'
import { memberCommunityId } from '../../communities/scope'
import type { Database } from '../../db/client'
import { profiles, userRoles, users } from '../../db/schema'
import { appError } from '../../errors'
import { notifyAccountApproved } from '../../notifications/kinds'
import { publishAdminChange } from '../../safety/moderation/badges'
import { logStaffAct } from '../../safety/moderation/log'
import type { AppServices } from '../../services'
import { deleteAccount } from '../account/delete-account'
import type { CurrentUser } from '../auth/identity'
import { invalidateUserSessions } from '../auth/session'
import { assertNotLastAdmin } from './last-admin'

export const USER_FILTERS = ['all', 'approved', 'pending'] as const
export type UserFilter = (typeof USER_FILTERS)[number]

/** Escapes LIKE wildcards so a search for "50%" means the characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value)

export function communityMembers(
  db: Database,
  admin: CurrentUser,
  { filter, search }: { filter: UserFilter; search?: string | undefined },
) {
  const conditions: (SQL | undefined)[] = [
    eq(profiles.communityId, memberCommunityId(admin)),
    isNull(users.deletedAt),
  ]
  if (filter === 'approved') conditions.push(eq(profiles.approved, true))
  if (filter === 'pending') conditions.push(eq(profiles.approved, false))
  if (search) {
    const pattern = likePattern(search)
    conditions.push(
      or(
        sql`${profiles.fullName} like ${pattern} escape '\\'`,
        sql`${profiles.username} like ${pattern} escape '\\'`,
        sql`${users.email} like ${pattern} escape '\\'`,
      ),
    )
  }
  return db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`.mapWith(Boolean),
      fullName: profiles.fullName,
      username: profiles.username,
      course: profiles.course,
      matricula: profiles.matricula,
      approved: profiles.approved,
      createdAt: profiles.createdAt,
      roles: sql<string>`(select group_concat(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id})`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(...conditions))
    .orderBy(desc(profiles.createdAt))
    .limit(200)
    .all()
    .map((row) => ({ ...row, roles: (row.roles ?? '').split(',').filter(isRole) }))
}

export function approveMember(services: AppServices, admin: CurrentUser, userId: number) {
  const { db, bus } = services
  const updated = db
    .update(profiles)
    .set({ approved: true, approvedAt: new Date() })
    .where(
      and(
        eq(profiles.userId, userId),
        eq(profiles.communityId, memberCommunityId(admin)),
        // A deleted account stays deleted.
        notExists(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(and(eq(users.id, profiles.userId), isNotNull(users.deletedAt))),
        ),
      ),
    )
    .returning({ userId: profiles.userId })
    .get()
  if (!updated) throw appError('USER_NOT_FOUND')
  bus.publish('account', userId, { userId, reason: 'approved' })
  notifyAccountApproved(services, userId)
  publishAdminChange(bus, admin.communityId)
  logStaffAct(db, admin, { actionType: 'approve_user', targetType: 'user', targetId: userId })
  return { ok: true as const }
}

/** Saving replaces all roles (spec). An admin keeps their own admin role; a community keeps one admin. */
export function setMemberRoles(
  { db, bus }: Pick<AppServices, 'db' | 'bus'>,
  admin: CurrentUser,
  userId: number,
  chosen: readonly Role[],
) {
  assertCommunityMember(db, admin, userId)
  const roles = [...new Set<Role>(['user', ...chosen])]
  if (userId === admin.id && !roles.includes('admin')) {
    throw appError('OWN_ADMIN_ROLE')
  }
  if (!roles.includes('admin')) assertNotLastAdmin(db, memberCommunityId(admin), userId)
  db.transaction((tx) => {
    tx.delete(userRoles).where(eq(userRoles.userId, userId)).run()
    tx.insert(userRoles)
      .values(roles.map((role) => ({ userId, role })))
      .run()
  })
  // A change of roles ends the person's sessions: they sign in again with the new rights.
  invalidateUserSessions(db, userId)
  bus.publish('account', userId, { userId, reason: 'roles' })
  logStaffAct(db, admin, {
    actionType: 'set_roles',
    targetType: 'user',
    targetId: userId,
    reason: roles.join(', '),
  })
  return { roles }
}

/** Deletion through the panel: never one's own account (that is Minha Conta's), never the last admin. */
export function deleteMemberByAdmin(services: AppServices, admin: CurrentUser, userId: number) {
  const { db, bus } = services
  if (userId === admin.id) {
    throw appError('OWN_ACCOUNT_FROM_PANEL')
  }
  assertCommunityMember(db, admin, userId)
  assertNotLastAdmin(db, memberCommunityId(admin), userId)
  deleteAccount(services, userId)
  bus.publish('account', userId, { userId, reason: 'deleted' })
  publishAdminChange(bus, admin.communityId)
  logStaffAct(db, admin, { actionType: 'delete_user', targetType: 'user', targetId: userId })
  return { ok: true as const }
}

/** A live member of the admin's own community, or NOT_FOUND. */
function assertCommunityMember(db: Database, admin: CurrentUser, userId: number): void {
  const row = db
    .select({ userId: profiles.userId })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(profiles.userId, userId),
        eq(profiles.communityId, memberCommunityId(admin)),
        isNull(users.deletedAt),
      ),
    )
    .get()
  if (!row) throw appError('USER_NOT_FOUND')
}
