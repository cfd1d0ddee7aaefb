import { activeSpots } from '../../deals/meeting-spots'
import { approvedProcedure, router } from '../../trpc/init'

/** The community's safe meeting spots, as a member proposing a meeting chooses among them. */
export const meetingSpotsRouter = router({
  list: approvedProcedure.query(({ ctx }) => activeSpots(ctx.db, ctx.user)),
})
