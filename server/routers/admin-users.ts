import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { profiles, users } from '../db/schema'
import { adminProcedure, appError, router } from '../trpc/init'

export const USER_FILTERS = ['all', 'approved', 'pending'] as const

/** Escapes LIKE wildcards so a search for "50%" means the characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

export const adminUsersRouter = router({
  list: adminProcedure
    .input(
      z.object({
        filter: z.enum(USER_FILTERS).default('all'),
        search: z.string().trim().max(100).optional(),
      }),
    )
    .query(({ ctx, input }) => {
      const conditions: (SQL | undefined)[] = [eq(profiles.communityId, ctx.user.communityId ?? -1)]
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
        })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(and(...conditions))
        .orderBy(desc(profiles.createdAt))
        .limit(200)
        .all()
    }),

  approve: adminProcedure
    .input(z.object({ userId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => {
      const updated = ctx.db
        .update(profiles)
        .set({ approved: true, approvedAt: new Date() })
        .where(and(eq(profiles.userId, input.userId), eq(profiles.communityId, ctx.user.communityId ?? -1)))
        .returning({ userId: profiles.userId })
        .get()
      if (!updated) throw appError('NOT_FOUND', 'USER_NOT_FOUND')
      ctx.bus.publish('account', input.userId, { userId: input.userId, reason: 'approved' })
      ctx.logger.info({ adminId: ctx.user.id, userId: input.userId }, 'conta aprovada')
      return { ok: true as const }
    }),
})
