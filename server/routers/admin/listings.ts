import { and, desc, eq, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { MODERATION_STATUSES } from '../../../shared/domain'
import { removeListingSchema } from '../../../shared/schemas/admin'
import { memberNameColumns } from '../../account/profile'
import { memberCommunityId } from '../../communities/scope'
import { listings, profiles } from '../../db/schema'
import { listingForStaff } from '../../listings/detail'
import { removalReasonText, removeListingByModeration } from '../../moderation/remove-listing'
import { moderatorProcedure, router } from '../../trpc/init'

/** Listing moderation: admins and moderators. */
export const adminListingsRouter = router({
  list: moderatorProcedure
    .input(z.object({ filter: z.enum(['all', ...MODERATION_STATUSES]).default('all') }))
    .query(({ ctx, input }) => {
      const conditions: (SQL | undefined)[] = [eq(listings.communityId, memberCommunityId(ctx.user))]
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
          seller: memberNameColumns,
        })
        .from(listings)
        .innerJoin(profiles, eq(profiles.userId, listings.sellerId))
        .where(and(...conditions))
        .orderBy(desc(listings.createdAt))
        .limit(200)
        .all()
    }),

  /** The moderation preview: any listing of the community, live or not, read-only, with its state. */
  preview: moderatorProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .query(({ ctx, input }) => listingForStaff(ctx.db, ctx.user, input.id)),

  /** Removes an active listing with a reason the seller will see; not reversible (spec). */
  remove: moderatorProcedure.input(removeListingSchema).mutation(({ ctx, input }) => {
    const reason = removalReasonText(input.reason, input.details)
    removeListingByModeration(ctx, ctx.user, input.id, reason)
    return { id: input.id, removalReason: reason }
  }),
})
