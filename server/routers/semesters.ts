import { reverifyTokenSchema } from '../../shared/schemas/semesters'
import { consumeAll } from '../rate-limits'
import {
  confirmReverification,
  requestReverificationLink,
  reverificationStanding,
} from '../semesters/reverification'
import { approvedProcedure, publicProcedure, router } from '../trpc/init'

export const semestersRouter = router({
  /** Minha Conta and the egresso banner: the semester and the member's confirmation. */
  standing: approvedProcedure.query(({ ctx }) => reverificationStanding(ctx.db, ctx.user.id)),

  /** 'Confirmar meu e-mail': a new link to the member's institutional address. */
  requestLink: approvedProcedure.mutation(({ ctx }) =>
    requestReverificationLink(ctx, ctx.user, ctx.request.ip ?? 'desconhecido'),
  ),

  /** The link from the e-mail; it may be opened signed out, on another device. */
  confirm: publicProcedure.input(reverifyTokenSchema).mutation(async ({ ctx, input }) => {
    // Every check of a link's token costs the address a point, valid or not.
    await consumeAll([[ctx.rateLimits.linkTokensByIp, ctx.request.ip ?? 'desconhecido']])
    return confirmReverification(ctx, input.token, ctx.request.community)
  }),
})
