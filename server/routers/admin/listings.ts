import { and, desc, eq, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { MODERATION_STATUSES } from '../../../shared/domain'
import { REMOVAL_REASON_LABELS, removeListingSchema } from '../../../shared/schemas/admin'
import { products, profiles } from '../../db/schema'
import { appError } from '../../errors'
import { logModeration } from '../../moderation/log'
import { moderatorProcedure, router } from '../../trpc/init'

/** Listing moderation: admins and moderators. */
export const adminListingsRouter = router({
  list: moderatorProcedure
    .input(z.object({ filter: z.enum(['all', ...MODERATION_STATUSES]).default('all') }))
    .query(({ ctx, input }) => {
      const conditions: (SQL | undefined)[] = [eq(products.communityId, ctx.user.communityId ?? -1)]
      if (input.filter !== 'all') conditions.push(eq(products.moderationStatus, input.filter))
      return ctx.db
        .select({
          id: products.id,
          title: products.title,
          priceCents: products.priceCents,
          status: products.status,
          moderationStatus: products.moderationStatus,
          removalReason: products.removalReason,
          createdAt: products.createdAt,
          seller: { username: profiles.username, fullName: profiles.fullName },
        })
        .from(products)
        .innerJoin(profiles, eq(profiles.userId, products.sellerId))
        .where(and(...conditions))
        .orderBy(desc(products.createdAt))
        .limit(200)
        .all()
    }),

  /** Removes an active listing with a reason the seller will see; not reversible (spec). */
  remove: moderatorProcedure.input(removeListingSchema).mutation(({ ctx, input }) => {
    const reason = input.reason === 'other' ? (input.details ?? '') : REMOVAL_REASON_LABELS[input.reason]
    const updated = ctx.db
      .update(products)
      .set({ moderationStatus: 'removed', removalReason: reason })
      .where(
        and(
          eq(products.id, input.id),
          eq(products.communityId, ctx.user.communityId ?? -1),
          eq(products.moderationStatus, 'active'),
        ),
      )
      .returning({ id: products.id })
      .get()
    if (!updated) throw appError('NOT_FOUND', 'LISTING_NOT_FOUND')
    logModeration(ctx.db, {
      communityId: ctx.user.communityId,
      moderatorId: ctx.user.id,
      actionType: 'delete_product',
      targetType: 'product',
      targetId: input.id,
      reason,
    })
    return { id: input.id, removalReason: reason }
  }),
})
