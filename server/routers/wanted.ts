import { removeListingSchema } from '../../shared/schemas/admin'
import { idInput } from '../../shared/schemas/ids'
import { wantedBoardSchema, wantedInputSchema, wantedUpdateSchema } from '../../shared/schemas/wanted'
import { removalReasonText } from '../safety/moderation/remove-listing'
import { approvedProcedure, moderatorProcedure, router } from '../trpc/init'
import {
  closeWanted,
  courseDemand,
  createWanted,
  joinWanted,
  leaveWanted,
  removeWantedByModeration,
  updateWanted,
  wantedBoard,
  wantedOf,
} from '../wanted/rules'

/** Procura-se: members post what they look for; new listings that answer a post tell its poster. */
export const wantedRouter = router({
  board: approvedProcedure.input(wantedBoardSchema).query(({ ctx, input }) =>
    wantedBoard(ctx.db, ctx.user, {
      mainCategoryId: input?.mainCategoryId,
      sort: input?.sort,
      cursor: input?.cursor,
      ...(input?.limit ? { limit: input.limit } : {}),
    }),
  ),

  mine: approvedProcedure.query(({ ctx }) => wantedOf(ctx.db, ctx.user)),

  /** 'Mais procurados do seu curso', on Vender. */
  courseDemand: approvedProcedure.query(({ ctx }) => courseDemand(ctx.db, ctx.user)),

  /** 'Eu também': the member wants it too; answers how many people want it now. */
  join: approvedProcedure.input(idInput).mutation(({ ctx, input }) => joinWanted(ctx.db, ctx.user, input.id)),

  /** 'Não procuro mais'. */
  leave: approvedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => leaveWanted(ctx.db, ctx.user, input.id)),

  create: approvedProcedure
    .input(wantedInputSchema)
    .mutation(async ({ ctx, input }) => ({ id: (await createWanted(ctx, ctx.user, input)).id })),

  update: approvedProcedure.input(wantedUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...fields } = input
    updateWanted(ctx, ctx.user, id, fields)
    return { id }
  }),

  close: approvedProcedure.input(idInput).mutation(({ ctx, input }) => {
    closeWanted(ctx.db, ctx.user, input.id)
    return { id: input.id }
  }),

  /** The staff of the community removes a post with a reason the poster reads; not reversible. */
  remove: moderatorProcedure.input(removeListingSchema).mutation(({ ctx, input }) => {
    const reason = removalReasonText(input.reason, input.details)
    removeWantedByModeration(ctx, ctx.user, input.id, reason)
    return { id: input.id, removalReason: reason }
  }),
})
