import {
  counterOfferSchema,
  dealOffersSchema,
  makeOfferSchema,
  offerIdSchema,
} from '../../../shared/schemas/offers'
import { answerOffer, conversationOffers, counterOffer, makeOffer } from '../../deals/offers'
import { approvedProcedure, router } from '../../trpc/init'

/** "Fazer uma oferta" in a conversation about a listing; only its two participants see or act. */
export const offersRouter = router({
  /** A deal's offers, oldest first, as they stand now. */
  list: approvedProcedure
    .input(dealOffersSchema)
    .query(({ ctx, input }) => conversationOffers(ctx, ctx.user.id, input.conversationId, input.dealId)),

  make: approvedProcedure
    .input(makeOfferSchema)
    .mutation(({ ctx, input }) => makeOffer(ctx, ctx.user, input)),

  counter: approvedProcedure
    .input(counterOfferSchema)
    .mutation(({ ctx, input }) => counterOffer(ctx, ctx.user, input)),

  accept: approvedProcedure
    .input(offerIdSchema)
    .mutation(({ ctx, input }) => answerOffer(ctx, ctx.user, input.offerId, 'aceita')),

  decline: approvedProcedure
    .input(offerIdSchema)
    .mutation(({ ctx, input }) => answerOffer(ctx, ctx.user, input.offerId, 'recusada')),
})
