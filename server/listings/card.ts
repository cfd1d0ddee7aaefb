import { sql } from 'drizzle-orm'
import { favorites, mainCategories, productImages, products, profiles, subcategories } from '../db/schema'

/** The select list of a product card, shared by every list of listings. */
export function cardColumns(viewerId: number | null | undefined) {
  return {
    id: products.id,
    title: products.title,
    priceCents: products.priceCents,
    condition: products.condition,
    status: products.status,
    vuptsCount: products.vuptsCount,
    views: products.views,
    createdAt: products.createdAt,
    mainCategorySlug: mainCategories.slug,
    mainCategoryName: mainCategories.name,
    subcategoryName: subcategories.name,
    imageUrl: sql<string | null>`(select ${productImages.cardUrl} from ${productImages}
      where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
    sellerUsername: profiles.username,
    sellerFullName: profiles.fullName,
    sellerCourse: profiles.course,
    sellerAvatarUrl: profiles.avatarUrl,
    isFavorite: viewerId
      ? sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${viewerId}
          and ${favorites.productId} = ${products.id})`.mapWith(Boolean)
      : sql<boolean>`0`.mapWith(Boolean),
  }
}
