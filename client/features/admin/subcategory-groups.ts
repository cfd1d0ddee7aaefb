/** A subcategory as `admin.subcategories.list` returns it. */
export type SubcategoryRow = {
  id: number
  name: string
  description: string | null
  icon: string | null
  mainCategoryId: number
  mainCategoryName: string
  listings: number
}

export type MainCategoryOption = { id: number; name: string; icon?: string | null }

/**
 * Subcategories under their main category, in the main categories' order. Main categories come from
 * the catalogue (so one without subcategories still shows up), plus any only the list knows of.
 */
export function groupSubcategories(
  mains: readonly MainCategoryOption[],
  subcategories: readonly SubcategoryRow[],
): { main: MainCategoryOption; subcategories: SubcategoryRow[] }[] {
  const known = new Set(mains.map((main) => main.id))
  const extra: MainCategoryOption[] = []
  for (const sub of subcategories) {
    if (!known.has(sub.mainCategoryId)) {
      known.add(sub.mainCategoryId)
      extra.push({ id: sub.mainCategoryId, name: sub.mainCategoryName })
    }
  }
  return [...mains, ...extra].map((main) => ({
    main,
    subcategories: subcategories
      .filter((sub) => sub.mainCategoryId === main.id)
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
  }))
}

/** '1 anúncio', '3 anúncios', 'Nenhum anúncio'. */
export function listingsCountLabel(count: number): string {
  if (count === 0) return 'Nenhum anúncio'
  return `${count} ${count === 1 ? 'anúncio' : 'anúncios'}`
}
