import { z } from 'zod'
import { subcategoryInputSchema } from '../../../shared/schemas/admin'
import { idInput } from '../../../shared/schemas/ids'
import {
  createSubcategory,
  deleteSubcategory,
  subcategoriesWithUse,
  updateSubcategory,
} from '../../listings/subcategories'
import { adminProcedure, router } from '../../trpc/init'

/** Subcategories are shared by every community, so only administrators manage them. */
export const adminSubcategoriesRouter = router({
  list: adminProcedure.query(({ ctx }) => subcategoriesWithUse(ctx.db)),

  create: adminProcedure
    .input(subcategoryInputSchema)
    .mutation(({ ctx, input }) => createSubcategory(ctx.db, input)),

  update: adminProcedure
    .input(subcategoryInputSchema.extend({ id: z.number().int().positive() }))
    .mutation(({ ctx, input }) => {
      const { id, ...values } = input
      return updateSubcategory(ctx.db, id, values)
    }),

  delete: adminProcedure.input(idInput).mutation(({ ctx, input }) => deleteSubcategory(ctx.db, input.id)),
})
