import { z } from 'zod'
import {
  meetingIdSchema,
  reviewEditSchema,
  reviewInputSchema,
  reviewRemovalSchema,
  reviewReplySchema,
} from '../../../shared/schemas/reviews'
import {
  createReview,
  editReview,
  pendingReviews,
  removeReviewByModeration,
  replyToReview,
  reviewOfHandoff,
} from '../../deals/reviews'
import { approvedProcedure, moderatorProcedure, router } from '../../trpc/init'

export const reviewsRouter = router({
  /** The review page of one confirmed hand-off: the other side, one's own review, what may still be done. */
  forHandoff: approvedProcedure
    .input(meetingIdSchema)
    .query(({ ctx, input }) => reviewOfHandoff(ctx.db, ctx.user, input.meetingId)),

  /** Confirmed hand-offs still waiting for the member's review, in one conversation when given. */
  pending: approvedProcedure
    .input(z.object({ conversationId: z.number().int().positive().optional() }))
    .query(({ ctx, input }) => pendingReviews(ctx.db, ctx.user, input.conversationId)),

  create: approvedProcedure
    .input(reviewInputSchema)
    .mutation(({ ctx, input }) => createReview(ctx, ctx.user, input)),

  edit: approvedProcedure
    .input(reviewEditSchema)
    .mutation(({ ctx, input }) => editReview(ctx.db, ctx.user, input)),

  /** The reviewed person's one public reply. */
  reply: approvedProcedure
    .input(reviewReplySchema)
    .mutation(({ ctx, input }) => replyToReview(ctx.db, ctx.user, input)),

  /** A moderator of the review's community removes it (logged with the reason). */
  remove: moderatorProcedure
    .input(reviewRemovalSchema)
    .mutation(({ ctx, input }) => removeReviewByModeration(ctx.db, ctx.user, input)),
})
