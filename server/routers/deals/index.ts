import { conversationDealsSchema, dealReserveSchema, startDealSchema } from '../../../shared/schemas/deals'
import { bundleCandidates, conversationDeals, startDeal } from '../../deals/deals'
import { setDealReserved } from '../../deals/reservations'
import { approvedProcedure, router } from '../../trpc/init'
import { meetingSpotsRouter } from './meeting-spots'
import { meetingsRouter } from './meetings'
import { offersRouter } from './offers'
import { reviewsRouter } from './reviews'

/**
 * Everything over server/deals/: the deals of a conversation (one per listing or bundle), and under them
 * their offers, meetings and hand-offs, reviews and the community's meeting spots.
 */
export const dealsRouter = router({
  offers: offersRouter,
  meetings: meetingsRouter,
  reviews: reviewsRouter,
  meetingSpots: meetingSpotsRouter,

  /** The thread header's deals, open ones first. */
  ofConversation: approvedProcedure
    .input(conversationDealsSchema)
    .query(({ ctx, input }) => conversationDeals(ctx.db, ctx.user.id, input.conversationId)),

  /** The other participant's live listings a buyer may put in one bundle. */
  bundleCandidates: approvedProcedure
    .input(conversationDealsSchema)
    .query(({ ctx, input }) => bundleCandidates(ctx.db, ctx.user, input.conversationId)),

  start: approvedProcedure
    .input(startDealSchema)
    .mutation(({ ctx, input }) => startDeal(ctx.db, ctx.user, input)),

  /** "Reservado": the seller holds the deal's listings for its buyer, or stops holding them. */
  setReserved: approvedProcedure
    .input(dealReserveSchema)
    .mutation(({ ctx, input }) => setDealReserved(ctx, ctx.user, input)),
})
