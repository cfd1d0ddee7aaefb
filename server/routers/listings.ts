import { and, asc, count, countDistinct, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  listingFiltersSchema,
  listingInputSchema,
  listingStatusSchema,
  listingUpdateSchema,
} from '../../shared/schemas/listing'
import type { CurrentUser } from '../auth/identity'
import { cardColumns, imagesOf, isPublicListing, listListings } from '../catalog/queries'
import type { Database } from '../db/client'
import {
  communities,
  favorites,
  mainCategories,
  productImages,
  products,
  productViews,
  productVupts,
  profiles,
  subcategories,
} from '../db/schema'
import { appError } from '../errors'
import type { ApprovedCtx, Context } from '../trpc/context'
import { approvedProcedure, publicProcedure, router } from '../trpc/init'
import { attachUploads, releaseUploads } from '../uploads/attach'

const idInput = z.object({ id: z.number().int().positive() })

const notFound = () => appError('NOT_FOUND', 'LISTING_NOT_FOUND')

/**
 * The community whose listings a caller sees: a member's own; for visitors, the one in the URL,
 * else the default.
 */
export function resolveCommunityId(ctx: Context, slug?: string): number {
  if (ctx.user?.approved && ctx.user.communityId) return ctx.user.communityId
  const bySlug = (value: string) =>
    ctx.db
      .select({ id: communities.id })
      .from(communities)
      .where(and(eq(communities.slug, value), eq(communities.active, true)))
      .get()
  const community = (slug ? bySlug(slug) : undefined) ?? bySlug(ctx.defaultCommunitySlug)
  if (!community) throw appError('NOT_FOUND', 'UNKNOWN_COMMUNITY')
  return community.id
}

const memberCommunity = (user: CurrentUser) => user.communityId ?? -1

/** The subcategory must exist and belong to the chosen main category. */
function checkCategory(db: Database, mainCategoryId: number, subcategoryId: number) {
  const sub = db
    .select({ mainCategoryId: subcategories.mainCategoryId })
    .from(subcategories)
    .where(eq(subcategories.id, subcategoryId))
    .get()
  if (!sub) throw appError('BAD_REQUEST', 'SUBCATEGORY_REQUIRED')
  if (sub.mainCategoryId !== mainCategoryId) {
    throw appError('BAD_REQUEST', 'SUBCATEGORY_MISMATCH')
  }
}

/** The owner's listing, or NOT_FOUND: another user's id reveals nothing. */
function ownListing(db: Database, user: CurrentUser, id: number) {
  const row = db
    .select({ id: products.id, moderationStatus: products.moderationStatus })
    .from(products)
    .where(and(eq(products.id, id), eq(products.sellerId, user.id)))
    .get()
  if (!row) throw notFound()
  return row
}

function replaceImages(ctx: Context, userId: number, productId: number, imageIds: string[]) {
  const previous = ctx.db
    .select({ uploadId: productImages.uploadId })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .all()
  const attached = attachUploads(ctx.db, ctx.storage, userId, imageIds, 'product')
  ctx.db.delete(productImages).where(eq(productImages.productId, productId)).run()
  ctx.db
    .insert(productImages)
    .values(
      attached.map((image, position) => ({
        productId,
        uploadId: image.id,
        position,
        cardUrl: image.cardUrl,
        fullUrl: image.fullUrl,
        width: image.width,
        height: image.height,
      })),
    )
    .run()
  const dropped = previous.flatMap((row) =>
    row.uploadId && !imageIds.includes(row.uploadId) ? [row.uploadId] : [],
  )
  if (dropped.length > 0) releaseUploads(ctx.db, dropped)
}

export const listingsRouter = router({
  /** Main categories with their subcategories and the count of live listings in each. */
  categories: publicProcedure
    .input(z.object({ communitySlug: z.string().max(50).optional() }).optional())
    .query(({ ctx, input }) => {
      const communityId = resolveCommunityId(ctx, input?.communitySlug)
      const mains = ctx.db.select().from(mainCategories).orderBy(asc(mainCategories.position)).all()
      const subs = ctx.db.select().from(subcategories).orderBy(asc(subcategories.name)).all()
      const counts = ctx.db
        .select({ mainCategoryId: products.mainCategoryId, total: count() })
        .from(products)
        .where(and(eq(products.communityId, communityId), isPublicListing))
        .groupBy(products.mainCategoryId)
        .all()
      return mains.map((main) => ({
        id: main.id,
        slug: main.slug,
        name: main.name,
        description: main.description,
        icon: main.icon,
        activeListings: counts.find((row) => row.mainCategoryId === main.id)?.total ?? 0,
        subcategories: subs
          .filter((sub) => sub.mainCategoryId === main.id)
          .map((sub) => ({ id: sub.id, name: sub.name, icon: sub.icon, description: sub.description })),
      }))
    }),

  /** The landing page's three figures. */
  stats: publicProcedure
    .input(z.object({ communitySlug: z.string().max(50).optional() }).optional())
    .query(({ ctx, input }) => {
      const communityId = resolveCommunityId(ctx, input?.communitySlug)
      const live = ctx.db
        .select({ listings: count(), sellers: countDistinct(products.sellerId) })
        .from(products)
        .where(and(eq(products.communityId, communityId), isPublicListing))
        .get()
      const activeCommunities = ctx.db
        .select({ total: count() })
        .from(communities)
        .where(eq(communities.active, true))
        .get()
      return {
        listings: live?.listings ?? 0,
        sellers: live?.sellers ?? 0,
        communities: activeCommunities?.total ?? 0,
      }
    }),

  /** 'Em destaque': the six most viewed live listings, newest first among equals. */
  featured: publicProcedure
    .input(z.object({ communitySlug: z.string().max(50).optional() }).optional())
    .query(({ ctx, input }) => {
      const communityId = resolveCommunityId(ctx, input?.communitySlug)
      return ctx.db
        .select(cardColumns(ctx.user?.id))
        .from(products)
        .innerJoin(profiles, eq(profiles.userId, products.sellerId))
        .leftJoin(mainCategories, eq(mainCategories.id, products.mainCategoryId))
        .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
        .where(and(eq(products.communityId, communityId), isPublicListing))
        .orderBy(desc(products.views), desc(products.createdAt))
        .limit(6)
        .all()
    }),

  list: publicProcedure.input(listingFiltersSchema).query(({ ctx, input }) =>
    listListings(ctx.db, {
      ...input,
      communityId: resolveCommunityId(ctx, input.communitySlug),
      viewerId: ctx.user?.id ?? null,
    }),
  ),

  /** The product page. Counts one view per member per day. */
  byId: approvedProcedure.input(idInput).query(({ ctx, input }) => {
    const row = ctx.db
      .select({
        id: products.id,
        title: products.title,
        description: products.description,
        priceCents: products.priceCents,
        condition: products.condition,
        status: products.status,
        moderationStatus: products.moderationStatus,
        removalReason: products.removalReason,
        views: products.views,
        vuptsCount: products.vuptsCount,
        createdAt: products.createdAt,
        communityId: products.communityId,
        mainCategoryId: products.mainCategoryId,
        subcategoryId: products.subcategoryId,
        mainCategorySlug: mainCategories.slug,
        mainCategoryName: mainCategories.name,
        subcategoryName: subcategories.name,
        seller: {
          id: profiles.userId,
          username: profiles.username,
          fullName: profiles.fullName,
          course: profiles.course,
          university: profiles.university,
          avatarUrl: profiles.avatarUrl,
        },
      })
      .from(products)
      .innerJoin(profiles, eq(profiles.userId, products.sellerId))
      .leftJoin(mainCategories, eq(mainCategories.id, products.mainCategoryId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(eq(products.id, input.id))
      .get()
    const isOwner = row?.seller.id === ctx.user.id
    const isPublic = row?.status === 'ativo' && row.moderationStatus === 'active'
    if (!row || row.communityId !== ctx.user.communityId || (!isPublic && !isOwner)) throw notFound()

    let views = row.views
    if (!isOwner) {
      ctx.db.transaction((tx) => {
        const day = new Date().toISOString().slice(0, 10)
        const inserted = tx
          .insert(productViews)
          .values({ productId: row.id, viewerId: ctx.user.id, day })
          .onConflictDoNothing()
          .run()
        if (inserted.changes > 0) {
          tx.update(products)
            .set({ views: sql`${products.views} + 1` })
            .where(eq(products.id, row.id))
            .run()
          views += 1
        }
      })
    }
    const viewerState = ctx.db
      .select({
        favorite:
          sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${ctx.user.id} and ${favorites.productId} = ${row.id})`.mapWith(
            Boolean,
          ),
        vupt: sql<boolean>`exists (select 1 from ${productVupts} where ${productVupts.userId} = ${ctx.user.id} and ${productVupts.productId} = ${row.id})`.mapWith(
          Boolean,
        ),
      })
      .from(sql`(select 1)`)
      .get()
    const images = imagesOf(ctx.db, [row.id]).map((image) => ({
      id: image.uploadId,
      cardUrl: image.cardUrl,
      fullUrl: image.fullUrl,
      width: image.width,
      height: image.height,
    }))
    const { communityId: _community, ...product } = row
    return {
      ...product,
      views,
      images,
      isOwner,
      isFavorite: viewerState?.favorite ?? false,
      hasVupt: viewerState?.vupt ?? false,
    }
  }),

  create: approvedProcedure.input(listingInputSchema).mutation(({ ctx, input }) => {
    checkCategory(ctx.db, input.mainCategoryId, input.subcategoryId)
    return ctx.db.transaction(() => {
      const created = ctx.db
        .insert(products)
        .values({
          communityId: memberCommunity(ctx.user),
          sellerId: ctx.user.id,
          title: input.title,
          description: input.description,
          priceCents: input.priceCents,
          mainCategoryId: input.mainCategoryId,
          subcategoryId: input.subcategoryId,
          condition: input.condition,
        })
        .returning({ id: products.id })
        .get()
      replaceImages(ctx, ctx.user.id, created.id, input.imageIds)
      return { id: created.id }
    })
  }),

  update: approvedProcedure.input(listingUpdateSchema).mutation(({ ctx, input }) => {
    const listing = ownListing(ctx.db, ctx.user, input.id)
    if (listing.moderationStatus === 'removed') {
      throw appError('FORBIDDEN', 'LISTING_REMOVED_NOT_EDITABLE')
    }
    checkCategory(ctx.db, input.mainCategoryId, input.subcategoryId)
    ctx.db.transaction(() => {
      ctx.db
        .update(products)
        .set({
          title: input.title,
          description: input.description,
          priceCents: input.priceCents,
          mainCategoryId: input.mainCategoryId,
          subcategoryId: input.subcategoryId,
          condition: input.condition,
        })
        .where(eq(products.id, input.id))
        .run()
      replaceImages(ctx, ctx.user.id, input.id, input.imageIds)
    })
    return { id: input.id }
  }),

  setStatus: approvedProcedure.input(listingStatusSchema).mutation(({ ctx, input }) => {
    const listing = ownListing(ctx.db, ctx.user, input.id)
    if (listing.moderationStatus === 'removed') {
      throw appError('FORBIDDEN', 'LISTING_REMOVED_NOT_REACTIVABLE')
    }
    ctx.db.update(products).set({ status: input.status }).where(eq(products.id, input.id)).run()
    return { id: input.id, status: input.status }
  }),

  delete: approvedProcedure.input(idInput).mutation(({ ctx, input }) => {
    ownListing(ctx.db, ctx.user, input.id)
    ctx.db.transaction(() => {
      const images = ctx.db
        .select({ uploadId: productImages.uploadId })
        .from(productImages)
        .where(eq(productImages.productId, input.id))
        .all()
      ctx.db.delete(products).where(eq(products.id, input.id)).run()
      const uploadIds = images.flatMap((image) => (image.uploadId ? [image.uploadId] : []))
      if (uploadIds.length > 0) releaseUploads(ctx.db, uploadIds)
    })
    return { ok: true as const }
  }),

  /** Meus Produtos: every own listing, whatever its status, with the moderation outcome. */
  mine: approvedProcedure.query(({ ctx }) =>
    ctx.db
      .select({
        ...cardColumns(ctx.user.id),
        moderationStatus: products.moderationStatus,
        removalReason: products.removalReason,
      })
      .from(products)
      .innerJoin(profiles, eq(profiles.userId, products.sellerId))
      .leftJoin(mainCategories, eq(mainCategories.id, products.mainCategoryId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(eq(products.sellerId, ctx.user.id))
      .orderBy(desc(products.createdAt), desc(products.id))
      .all(),
  ),

  setFavorite: approvedProcedure
    .input(z.object({ id: z.number().int().positive(), favorite: z.boolean() }))
    .mutation(({ ctx, input }) => {
      visibleListing(ctx, input.id)
      if (input.favorite) {
        ctx.db
          .insert(favorites)
          .values({ userId: ctx.user.id, productId: input.id })
          .onConflictDoNothing()
          .run()
      } else {
        ctx.db
          .delete(favorites)
          .where(and(eq(favorites.userId, ctx.user.id), eq(favorites.productId, input.id)))
          .run()
      }
      return { id: input.id, favorite: input.favorite }
    }),

  /** One Vupt per member per listing; the counter moves in the same transaction as the row. */
  setVupt: approvedProcedure
    .input(z.object({ id: z.number().int().positive(), vupt: z.boolean() }))
    .mutation(({ ctx, input }) => {
      const listing = visibleListing(ctx, input.id)
      if (listing.sellerId === ctx.user.id) {
        throw appError('FORBIDDEN', 'OWN_LISTING_VUPT')
      }
      return ctx.db.transaction((tx) => {
        const changed = input.vupt
          ? tx
              .insert(productVupts)
              .values({ userId: ctx.user.id, productId: input.id })
              .onConflictDoNothing()
              .run()
          : tx
              .delete(productVupts)
              .where(and(eq(productVupts.userId, ctx.user.id), eq(productVupts.productId, input.id)))
              .run()
        if (changed.changes > 0) {
          const delta = input.vupt ? 1 : -1
          tx.update(products)
            .set({ vuptsCount: sql`${products.vuptsCount} + ${delta}` })
            .where(eq(products.id, input.id))
            .run()
        }
        const after = tx
          .select({ vuptsCount: products.vuptsCount })
          .from(products)
          .where(eq(products.id, input.id))
          .get()
        return { id: input.id, vupt: input.vupt, vuptsCount: after?.vuptsCount ?? 0 }
      })
    }),

  /** The member's favorites, as cards. */
  favorites: approvedProcedure.query(({ ctx }) =>
    ctx.db
      .select(cardColumns(ctx.user.id))
      .from(favorites)
      .innerJoin(products, eq(products.id, favorites.productId))
      .innerJoin(profiles, eq(profiles.userId, products.sellerId))
      .leftJoin(mainCategories, eq(mainCategories.id, products.mainCategoryId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(and(eq(favorites.userId, ctx.user.id), isPublicListing))
      .orderBy(desc(favorites.createdAt))
      .all(),
  ),
})

/** A live listing of the member's community, or NOT_FOUND. */
function visibleListing(ctx: ApprovedCtx, id: number) {
  const row = ctx.db
    .select({ id: products.id, sellerId: products.sellerId })
    .from(products)
    .where(and(eq(products.id, id), eq(products.communityId, memberCommunity(ctx.user)), isPublicListing))
    .get()
  if (!row) throw notFound()
  return row
}
