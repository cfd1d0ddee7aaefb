import { eq } from 'drizzle-orm'
import type { Database } from '../../server/db/client'
import { createUpload } from '../../server/db/factories'
import { mainCategories, subcategories } from '../../server/db/schema'
import type { ListingInput } from '../../shared/schemas/listing'

/** A listing the schema accepts; its ids are not checked against a database. */
export const schemaValidListing = {
  title: 'Livro de Cálculo',
  description: 'Sétima edição, bem conservado.',
  priceCents: 12000,
  mainCategoryId: 1,
  subcategoryId: 2,
  condition: 'usado',
  imageIds: ['a'],
} satisfies ListingInput

export type CategoryIds = { mainCategoryId: number; subcategoryId: number }

/** The ids the sell form sends for a seeded subcategory, by its name. */
export function subcategoryIds(db: Database, name: string): CategoryIds {
  const row = db
    .select({ mainCategoryId: subcategories.mainCategoryId, subcategoryId: subcategories.id })
    .from(subcategories)
    .where(eq(subcategories.name, name))
    .get()
  if (!row) throw new Error(`subcategoria ${name} ausente`)
  return row
}

/** The ids the sell form sends for the first subcategory of a main category. */
export function firstSubcategoryOf(
  db: Database,
  mainSlug: 'criacoes' | 'servicos' | 'desapegos',
): CategoryIds {
  const row = db
    .select({ mainCategoryId: mainCategories.id, subcategoryId: subcategories.id })
    .from(mainCategories)
    .innerJoin(subcategories, eq(subcategories.mainCategoryId, mainCategories.id))
    .where(eq(mainCategories.slug, mainSlug))
    .get()
  if (!row) throw new Error(`categoria ${mainSlug} ausente`)
  return row
}

/** The sell form as a member fills it in, with one processed photo of theirs, `overrides` aside. */
export function sellFormInput(
  db: Database,
  sellerId: number,
  overrides: Partial<ListingInput> = {},
): ListingInput {
  return {
    title: 'Livro de Cálculo Volume 1',
    description: 'Sétima edição do Stewart, poucas marcações.',
    priceCents: 12000,
    ...subcategoryIds(db, 'Livros e apostilas'),
    condition: 'usado',
    ...overrides,
    imageIds: overrides.imageIds ?? [createUpload(db, { ownerId: sellerId, kind: 'listing' }).id],
  }
}
