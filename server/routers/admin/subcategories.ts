import { asc, count, eq } from 'drizzle-orm'
import { z } from 'zod'
import { subcategoryInputSchema } from '../../../shared/schemas/admin'
import { isConstraintError } from '../../db/errors'
import { listings, mainCategories, subcategories } from '../../db/schema'
import { appError } from '../../errors'
import { adminProcedure, router } from '../../trpc/init'

const idInput = z.object({ id: z.number().int().positive() })

/** Subcategories are shared by every community, so only administrators manage them. */
export const adminSubcategoriesRouter = router({
  list: adminProcedure.query(({ ctx }) =>
    ctx.db
      .select({
        id: subcategories.id,
        name: subcategories.name,
        description: subcategories.description,
        icon: subcategories.icon,
        mainCategoryId: subcategories.mainCategoryId,
        mainCategoryName: mainCategories.name,
        listings: ctx.db.$count(listings, eq(listings.subcategoryId, subcategories.id)),
      })
      .from(subcategories)
      .innerJoin(mainCategories, eq(mainCategories.id, subcategories.mainCategoryId))
      .orderBy(asc(mainCategories.position), asc(subcategories.name))
      .all(),
  ),

  create: adminProcedure.input(subcategoryInputSchema).mutation(({ ctx, input }) => {
    try {
      return ctx.db.insert(subcategories).values(input).returning({ id: subcategories.id }).get()
    } catch (error) {
      if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE'))
        throw appError('CONFLICT', 'SUBCATEGORY_DUPLICATE')
      if (isConstraintError(error, 'SQLITE_CONSTRAINT_FOREIGNKEY')) {
        throw appError('BAD_REQUEST', 'REQUIRED_FIELDS')
      }
      throw error
    }
  }),

  update: adminProcedure
    .input(subcategoryInputSchema.extend({ id: z.number().int().positive() }))
    .mutation(({ ctx, input }) => {
      const { id, ...values } = input
      try {
        const updated = ctx.db
          .update(subcategories)
          .set(values)
          .where(eq(subcategories.id, id))
          .returning({ id: subcategories.id })
          .get()
        if (!updated) throw appError('NOT_FOUND', 'SUBCATEGORY_NOT_FOUND')
        // Listings follow their subcategory to its new main category.
        ctx.db
          .update(listings)
          .set({ mainCategoryId: values.mainCategoryId })
          .where(eq(listings.subcategoryId, id))
          .run()
        return updated
      } catch (error) {
        if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE'))
          throw appError('CONFLICT', 'SUBCATEGORY_DUPLICATE')
        throw error
      }
    }),

  delete: adminProcedure.input(idInput).mutation(({ ctx, input }) => {
    const used = ctx.db
      .select({ total: count() })
      .from(listings)
      .where(eq(listings.subcategoryId, input.id))
      .get()
    if ((used?.total ?? 0) > 0) throw appError('CONFLICT', 'SUBCATEGORY_IN_USE')
    const deleted = ctx.db
      .delete(subcategories)
      .where(eq(subcategories.id, input.id))
      .returning({ id: subcategories.id })
      .get()
    if (!deleted) throw appError('NOT_FOUND', 'SUBCATEGORY_NOT_FOUND')
    return { ok: true as const }
  }),
})
