/** Subcategories are shared by every community: the administrators' list, and creating, editing, deleting one. */
import { asc, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { subcategoryInputSchema } from '../../shared/schemas/admin'
import type { Database } from '../db/client'
import { isConstraintError } from '../db/errors'
import { listings, mainCategories, subcategories } from '../db/schema'
import { appError } from '../errors'

type SubcategoryFields = z.output<typeof subcategoryInputSchema>

/** Every subcategory with its main category and how many listings use it. */
export function subcategoriesWithUse(db: Database) {
  return db
    .select({
      id: subcategories.id,
      name: subcategories.name,
      description: subcategories.description,
      icon: subcategories.icon,
      mainCategoryId: subcategories.mainCategoryId,
      mainCategoryName: mainCategories.name,
      listings: db.$count(listings, eq(listings.subcategoryId, subcategories.id)),
    })
    .from(subcategories)
    .innerJoin(mainCategories, eq(mainCategories.id, subcategories.mainCategoryId))
    .orderBy(asc(mainCategories.position), asc(subcategories.name))
    .all()
}

export function createSubcategory(db: Database, input: SubcategoryFields) {
  try {
    return db.insert(subcategories).values(input).returning({ id: subcategories.id }).get()
  } catch (error) {
    if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE')) throw appError('SUBCATEGORY_DUPLICATE')
    if (isConstraintError(error, 'SQLITE_CONSTRAINT_FOREIGNKEY')) {
      throw appError('REQUIRED_FIELDS')
    }
    throw error
  }
}

export function updateSubcategory(db: Database, id: number, values: SubcategoryFields) {
  try {
    const updated = db
      .update(subcategories)
      .set(values)
      .where(eq(subcategories.id, id))
      .returning({ id: subcategories.id })
      .get()
    if (!updated) throw appError('SUBCATEGORY_NOT_FOUND')
    // Listings follow their subcategory to its new main category.
    db.update(listings)
      .set({ mainCategoryId: values.mainCategoryId })
      .where(eq(listings.subcategoryId, id))
      .run()
    return updated
  } catch (error) {
    if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE')) throw appError('SUBCATEGORY_DUPLICATE')
    throw error
  }
}

/** Only a subcategory no listing uses can go. */
export function deleteSubcategory(db: Database, id: number) {
  const used = db.select({ total: count() }).from(listings).where(eq(listings.subcategoryId, id)).get()
  if ((used?.total ?? 0) > 0) throw appError('SUBCATEGORY_IN_USE')
  const deleted = db
    .delete(subcategories)
    .where(eq(subcategories.id, id))
    .returning({ id: subcategories.id })
    .get()
  if (!deleted) throw appError('SUBCATEGORY_NOT_FOUND')
  return { ok: true as const }
}
