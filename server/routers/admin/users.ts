import { z } from 'zod'
import { ROLES } from '../../../shared/domain'
import { singleLineText } from '../../../shared/schemas/text'
import {
  approveMember,
  communityMembers,
  deleteMemberByAdmin,
  setMemberRoles,
  USER_FILTERS,
} from '../../people/members/manage'
import { adminProcedure, router } from '../../trpc/init'

export const adminUsersRouter = router({
  list: adminProcedure
    .input(
      z.object({
        filter: z.enum(USER_FILTERS).default('all'),
        search: singleLineText().max(100).optional(),
      }),
    )
    .query(({ ctx, input }) => communityMembers(ctx.db, ctx.user, input)),

  approve: adminProcedure
    .input(z.object({ userId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => approveMember(ctx, ctx.user, input.userId)),

  /** Saving replaces all roles (spec). An admin keeps their own admin role; a community keeps one admin. */
  setRoles: adminProcedure
    .input(
      z.object({
        userId: z.number().int().positive(),
        roles: z.array(z.enum(ROLES)).max(ROLES.length),
      }),
    )
    .mutation(({ ctx, input }) => setMemberRoles(ctx, ctx.user, input.userId, input.roles)),

  delete: adminProcedure
    .input(z.object({ userId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => deleteMemberByAdmin(ctx, ctx.user, input.userId)),
})
