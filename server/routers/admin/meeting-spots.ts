import { z } from 'zod'
import { idInput } from '../../../shared/schemas/ids'
import { meetingSpotInputSchema } from '../../../shared/schemas/meeting-spots'
import { communitySpots, createSpot, deleteSpot, setSpotRetired, updateSpot } from '../../deals/meeting-spots'
import { adminProcedure, router } from '../../trpc/init'

/** "Pontos de encontro": the admins of a community manage its safe hand-off spots. */
export const adminMeetingSpotsRouter = router({
  list: adminProcedure.query(({ ctx }) => communitySpots(ctx.db, ctx.user)),

  create: adminProcedure
    .input(meetingSpotInputSchema)
    .mutation(({ ctx, input }) => createSpot(ctx.db, ctx.user, input)),

  update: adminProcedure
    .input(z.object({ id: z.number().int().positive(), spot: meetingSpotInputSchema }))
    .mutation(({ ctx, input }) => updateSpot(ctx.db, ctx.user, input.id, input.spot)),

  setRetired: adminProcedure
    .input(idInput.extend({ retired: z.boolean() }))
    .mutation(({ ctx, input }) => setSpotRetired(ctx.db, ctx.user, input.id, input.retired)),

  delete: adminProcedure.input(idInput).mutation(({ ctx, input }) => deleteSpot(ctx.db, ctx.user, input.id)),
})
