import { z } from 'zod'
import { MODERATION_STATUSES } from '../../../shared/domain'
import { removeListingSchema } from '../../../shared/schemas/admin'
import { idInput } from '../../../shared/schemas/ids'
import { listingForStaff } from '../../listings/detail'
import { listingsForModeration } from '../../safety/moderation/listings'
import { removalReasonText, removeListingByModeration } from '../../safety/moderation/remove-listing'
import { moderatorProcedure, router } from '../../trpc/init'

/** Listing moderation: admins and moderators. */
export const adminListingsRouter = router({
  list: moderatorProcedure
    .input(z.object({ filter: z.enum(['all', ...MODERATION_STATUSES]).default('all') }))
    .query(({ ctx, input }) => listingsForModeration(ctx.db, ctx.user, input.filter)),

  /** The moderation preview: any listing of the community, live or not, read-only, with its state. */
  preview: moderatorProcedure
    .input(idInput)
    .query(({ ctx, input }) => listingForStaff(ctx, ctx.user, input.id)),

  /** Removes an active listing with a reason the seller will see; not reversible (spec). */
  remove: moderatorProcedure.input(removeListingSchema).mutation(({ ctx, input }) => {
    const reason = removalReasonText(input.reason, input.details)
    removeListingByModeration(ctx, ctx.user, input.id, reason)
    return { id: input.id, removalReason: reason }
  }),
})
