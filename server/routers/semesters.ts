import { reverifyTokenSchema } from '../../shared/schemas/semesters'
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
  confirm: publicProcedure
    .input(reverifyTokenSchema)
    .mutation(({ ctx, input }) => confirmReverification(ctx, input.token)),
})
