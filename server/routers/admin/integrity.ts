import { idInput } from '../../../shared/schemas/ids'
import {
  integrityPreviewSchema,
  integrityRuleInputSchema,
  integrityRuleUpdateSchema,
} from '../../../shared/schemas/integrity'
import {
  createIntegrityRule,
  deleteIntegrityRule,
  integrityRulesForAdmin,
  previewIntegrityPhrase,
  updateIntegrityRule,
} from '../../integrity/rules'
import { adminProcedure, router } from '../../trpc/init'

/** Integridade acadêmica: the community's word rules, edited by its administrators. */
export const adminIntegrityRouter = router({
  list: adminProcedure.query(({ ctx }) => integrityRulesForAdmin(ctx.db, ctx.user)),

  /** Which live listings a phrase would catch, before it is saved. */
  preview: adminProcedure
    .input(integrityPreviewSchema)
    .query(({ ctx, input }) => previewIntegrityPhrase(ctx.db, ctx.user, input.phrase)),

  create: adminProcedure
    .input(integrityRuleInputSchema)
    .mutation(({ ctx, input }) => createIntegrityRule(ctx.db, ctx.user, input)),

  update: adminProcedure.input(integrityRuleUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...fields } = input
    return updateIntegrityRule(ctx.db, ctx.user, id, fields)
  }),

  delete: adminProcedure.input(idInput).mutation(({ ctx, input }) => {
    deleteIntegrityRule(ctx.db, ctx.user, input.id)
    return { id: input.id }
  }),
})
