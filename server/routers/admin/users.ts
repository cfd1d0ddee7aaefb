import { and, count, desc, eq, isNotNull, isNull, notExists, or, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { ROLES, type Role } from '../../../shared/domain'
import { singleLineText } from '../../../shared/schemas/text'
import { deleteAccount } from '../../account/delete-account'
import { invalidateUserSessions } from '../../auth/session'
import { memberCommunityId } from '../../communities/scope'
import { profiles, userRoles, users } from '../../db/schema'
import { appError } from '../../errors'
import { publishAdminChange } from '../../moderation/badges'
import { logModeration } from '../../moderation/log'
import { notifyAccountApproved } from '../../notifications/kinds'
import type { ApprovedCtx } from '../../trpc/context'
import { adminProcedure, router } from '../../trpc/init'

type AdminContext = ApprovedCtx

export const USER_FILTERS = ['all', 'approved', 'pending'] as const

/** Escapes LIKE wildcards so a search for "50%" means the characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

export const adminUsersRouter = router({
  list: adminProcedure
    .input(
      z.object({
        filter: z.enum(USER_FILTERS).default('all'),
        search: singleLineText().max(100).optional(),
      }),
    )
    .query(({ ctx, input }) => {
      const conditions: (SQL | undefined)[] = [
        eq(profiles.communityId, memberCommunityId(ctx.user)),
        isNull(users.deletedAt),
      ]
      if (input.filter === 'approved') conditions.push(eq(profiles.approved, true))
      if (input.filter === 'pending') conditions.push(eq(profiles.approved, false))
      if (input.search) {
        const pattern = likePattern(input.search)
        conditions.push(
          or(
            sql`${profiles.fullName} like ${pattern} escape '\\'`,
            sql`${profiles.username} like ${pattern} escape '\\'`,
            sql`${users.email} like ${pattern} escape '\\'`,
          ),
        )
      }
      return ctx.db
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
    }),

  approve: adminProcedure
    .input(z.object({ userId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => {
      const updated = ctx.db
        .update(profiles)
        .set({ approved: true, approvedAt: new Date() })
        .where(
          and(
            eq(profiles.userId, input.userId),
            eq(profiles.communityId, memberCommunityId(ctx.user)),
            // A deleted account stays deleted.
            notExists(
              ctx.db
                .select({ one: sql`1` })
                .from(users)
                .where(and(eq(users.id, profiles.userId), isNotNull(users.deletedAt))),
            ),
          ),
        )
        .returning({ userId: profiles.userId })
        .get()
      if (!updated) throw appError('NOT_FOUND', 'USER_NOT_FOUND')
      ctx.bus.publish('account', input.userId, { userId: input.userId, reason: 'approved' })
      notifyAccountApproved(ctx, input.userId)
      publishAdminChange(ctx.bus, ctx.user.communityId)
      logModeration(ctx.db, {
        communityId: ctx.user.communityId,
        moderatorId: ctx.user.id,
        actionType: 'approve_user',
        targetType: 'user',
        targetId: input.userId,
      })
      return { ok: true as const }
    }),

  /** Saving replaces all roles (spec). An admin keeps their own admin role; a community keeps one admin. */
  setRoles: adminProcedure
    .input(
      z.object({
        userId: z.number().int().positive(),
        roles: z.array(z.enum(ROLES)).max(ROLES.length),
      }),
    )
    .mutation(({ ctx, input }) => {
      const target = communityMember(ctx, input.userId)
      const roles = [...new Set<Role>(['user', ...input.roles])]
      if (input.userId === ctx.user.id && !roles.includes('admin')) {
        throw appError('BAD_REQUEST', 'OWN_ADMIN_ROLE')
      }
      if (!roles.includes('admin') && target.isAdmin && adminCount(ctx) <= 1) {
        throw appError('BAD_REQUEST', 'LAST_ADMIN')
      }
      ctx.db.transaction((tx) => {
        tx.delete(userRoles).where(eq(userRoles.userId, input.userId)).run()
        tx.insert(userRoles)
          .values(roles.map((role) => ({ userId: input.userId, role })))
          .run()
      })
      // A change of roles ends the person's sessions: they sign in again with the new rights.
      invalidateUserSessions(ctx.db, input.userId)
      ctx.bus.publish('account', input.userId, { userId: input.userId, reason: 'roles' })
      logModeration(ctx.db, {
        communityId: ctx.user.communityId,
        moderatorId: ctx.user.id,
        actionType: 'set_roles',
        targetType: 'user',
        targetId: input.userId,
        reason: roles.join(', '),
      })
      return { roles }
    }),

  delete: adminProcedure
    .input(z.object({ userId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => {
      if (input.userId === ctx.user.id) {
        throw appError('BAD_REQUEST', 'OWN_ACCOUNT_FROM_PANEL')
      }
      const target = communityMember(ctx, input.userId)
      if (target.isAdmin && adminCount(ctx) <= 1) {
        throw appError('BAD_REQUEST', 'LAST_ADMIN')
      }
      deleteAccount(ctx.db, input.userId)
      ctx.bus.publish('account', input.userId, { userId: input.userId, reason: 'deleted' })
      publishAdminChange(ctx.bus, ctx.user.communityId)
      logModeration(ctx.db, {
        communityId: ctx.user.communityId,
        moderatorId: ctx.user.id,
        actionType: 'delete_user',
        targetType: 'user',
        targetId: input.userId,
      })
      return { ok: true as const }
    }),
})

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value)

/** A live member of the admin's own community, or NOT_FOUND. */
function communityMember(ctx: AdminContext, userId: number) {
  const row = ctx.db
    .select({ userId: profiles.userId })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(profiles.userId, userId),
        eq(profiles.communityId, memberCommunityId(ctx.user)),
        isNull(users.deletedAt),
      ),
    )
    .get()
  if (!row) throw appError('NOT_FOUND', 'USER_NOT_FOUND')
  const isAdmin =
    ctx.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
      .get() !== undefined
  return { ...row, isAdmin }
}

function adminCount(ctx: AdminContext): number {
  const row = ctx.db
    .select({ total: count() })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.userId, userRoles.userId))
    .where(and(eq(userRoles.role, 'admin'), eq(profiles.communityId, memberCommunityId(ctx.user))))
    .get()
  return row?.total ?? 0
}
