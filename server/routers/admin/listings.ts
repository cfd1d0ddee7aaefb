import { and, desc, eq, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { MODERATION_STATUSES } from '../../../shared/domain'
import { REMOVAL_REASON_LABELS, removeListingSchema } from '../../../shared/schemas/admin'
import { listings, profiles } from '../../db/schema'
import { appError } from '../../errors'
import { logModeration } from '../../moderation/log'
import { moderatorProcedure, router } from '../../trpc/init'

/** Listing moderation: admins and moderators. */
export const adminListingsRouter = router({
  list: moderatorProcedure
    .input(z.object({ filter: z.enum(['all', ...MODERATION_STATUSES]).default('all') }))
    .query(({ ctx, input }) => {
      const conditions: (SQL | undefined)[] = [eq(listings.communityId, ctx.user.communityId ?? -1)]
      if (input.filter !== 'all') conditions.push(eq(listings.moderationStatus, input.filter))
      return ctx.db
        .select({
          id: listings.id,
          title: listings.title,
          priceCents: listings.priceCents,
          status: listings.status,
          moderationStatus: listings.moderationStatus,
          removalReason: listings.removalReason,
          createdAt: listings.createdAt,
          seller: { username: profiles.username, fullName: profiles.fullName },
        })
        .from(listings)
        .innerJoin(profiles, eq(profiles.userId, listings.sellerId))
        .where(and(...conditions))
        .orderBy(desc(listings.createdAt))
        .limit(200)
        .all()
    }),

  /** Removes an active listing with a reason the seller will see; not reversible (spec). */
  remove: moderatorProcedure.input(removeListingSchema).mutation(({ ctx, input }) => {
    const reason = input.reason === 'other' ? (input.details ?? '') : REMOVAL_REASON_LABELS[input.reason]
    const updated = ctx.db
      .update(listings)
      .set({ moderationStatus: 'removed', removalReason: reason })
      .where(
        and(
          eq(listings.id, input.id),
          eq(listings.communityId, ctx.user.communityId ?? -1),
          eq(listings.moderationStatus, 'active'),
        ),
      )
      .returning({ id: listings.id })
      .get()
    if (!updated) throw appError('NOT_FOUND', 'LISTING_NOT_FOUND')
    logModeration(ctx.db, {
      communityId: ctx.user.communityId,
      moderatorId: ctx.user.id,
      actionType: 'remove_listing',
      targetType: 'listing',
      targetId: input.id,
      reason,
    })
    return { id: input.id, removalReason: reason }
  }),
})
