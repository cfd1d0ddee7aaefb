import { and, asc, count, countDistinct, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  listingFiltersSchema,
  listingInputSchema,
  listingStatusSchema,
  listingUpdateSchema,
} from '../../shared/schemas/listing'
import { memberCommunityId, resolveCommunityId } from '../communities/scope'
import {
  communities,
  favorites,
  listings,
  listingVupts,
  mainCategories,
  profiles,
  subcategories,
} from '../db/schema'
import { appError } from '../errors'
import { imagesOf, listListings } from '../listings/catalog'
import { favoritesOf } from '../listings/favorites'
import {
  checkCategory,
  deleteListing,
  listingNotFound,
  ownListing,
  recordView,
  replaceImages,
  setVupt,
  visibleListing,
} from '../listings/rules'
import { isLive, isLiveListing, selectListingCards } from '../listings/visibility'
import { notifyListingReaction } from '../notifications/kinds'
import { blockedBetween, notBlockedWith } from '../safety/blocks'
import { approvedProcedure, publicProcedure, router } from '../trpc/init'

const idInput = z.object({ id: z.number().int().positive() })

export const listingsRouter = router({
  /** Main categories with their subcategories and the count of live listings in each. */
  categories: publicProcedure
    .input(z.object({ communitySlug: z.string().max(50).optional() }).optional())
    .query(({ ctx, input }) => {
      const communityId = resolveCommunityId(ctx, input?.communitySlug)
      const mains = ctx.db.select().from(mainCategories).orderBy(asc(mainCategories.position)).all()
      const subs = ctx.db.select().from(subcategories).orderBy(asc(subcategories.name)).all()
      const counts = ctx.db
        .select({ mainCategoryId: listings.mainCategoryId, total: count() })
        .from(listings)
        .where(and(eq(listings.communityId, communityId), isLiveListing))
        .groupBy(listings.mainCategoryId)
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
        .select({ listings: count(), sellers: countDistinct(listings.sellerId) })
        .from(listings)
        .where(and(eq(listings.communityId, communityId), isLiveListing))
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
      return selectListingCards(ctx.db, ctx.user?.id)
        .where(
          and(
            eq(listings.communityId, communityId),
            isLiveListing,
            notBlockedWith(ctx.user?.id, listings.sellerId),
          ),
        )
        .orderBy(desc(listings.views), desc(listings.createdAt))
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

  /** The listing page. Counts one view per member per day. */
  byId: approvedProcedure.input(idInput).query(({ ctx, input }) => {
    const row = ctx.db
      .select({
        id: listings.id,
        title: listings.title,
        description: listings.description,
        priceCents: listings.priceCents,
        condition: listings.condition,
        status: listings.status,
        moderationStatus: listings.moderationStatus,
        removalReason: listings.removalReason,
        views: listings.views,
        vuptsCount: listings.vuptsCount,
        createdAt: listings.createdAt,
        communityId: listings.communityId,
        mainCategoryId: listings.mainCategoryId,
        subcategoryId: listings.subcategoryId,
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
      .from(listings)
      .innerJoin(profiles, eq(profiles.userId, listings.sellerId))
      .leftJoin(mainCategories, eq(mainCategories.id, listings.mainCategoryId))
      .leftJoin(subcategories, eq(subcategories.id, listings.subcategoryId))
      .where(eq(listings.id, input.id))
      .get()
    const isOwner = row?.seller.id === ctx.user.id
    if (!row || row.communityId !== ctx.user.communityId || (!isLive(row) && !isOwner))
      throw listingNotFound()
    if (!isOwner && blockedBetween(ctx.db, ctx.user.id, row.seller.id)) throw listingNotFound()

    const views = isOwner ? row.views : recordView(ctx.db, row, ctx.user.id)
    const viewerState = ctx.db
      .select({
        favorite:
          sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${ctx.user.id} and ${favorites.listingId} = ${row.id})`.mapWith(
            Boolean,
          ),
        vupt: sql<boolean>`exists (select 1 from ${listingVupts} where ${listingVupts.userId} = ${ctx.user.id} and ${listingVupts.listingId} = ${row.id})`.mapWith(
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
    const { communityId: _community, ...listing } = row
    return {
      ...listing,
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
        .insert(listings)
        .values({
          communityId: memberCommunityId(ctx.user),
          sellerId: ctx.user.id,
          title: input.title,
          description: input.description,
          priceCents: input.priceCents,
          mainCategoryId: input.mainCategoryId,
          subcategoryId: input.subcategoryId,
          condition: input.condition,
        })
        .returning({ id: listings.id })
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
        .update(listings)
        .set({
          title: input.title,
          description: input.description,
          priceCents: input.priceCents,
          mainCategoryId: input.mainCategoryId,
          subcategoryId: input.subcategoryId,
          condition: input.condition,
        })
        .where(eq(listings.id, input.id))
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
    ctx.db.update(listings).set({ status: input.status }).where(eq(listings.id, input.id)).run()
    return { id: input.id, status: input.status }
  }),

  delete: approvedProcedure.input(idInput).mutation(({ ctx, input }) => {
    deleteListing(ctx.db, ctx.user, input.id)
    return { ok: true as const }
  }),

  /** Meus Produtos: every own listing, whatever its status, with the moderation outcome. */
  mine: approvedProcedure.query(({ ctx }) =>
    selectListingCards(ctx.db, ctx.user.id, {
      moderationStatus: listings.moderationStatus,
      removalReason: listings.removalReason,
    })
      .where(eq(listings.sellerId, ctx.user.id))
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .all(),
  ),

  setFavorite: approvedProcedure
    .input(z.object({ id: z.number().int().positive(), favorite: z.boolean() }))
    .mutation(({ ctx, input }) => {
      if (input.favorite) {
        visibleListing(ctx.db, ctx.user, input.id)
        const added = ctx.db
          .insert(favorites)
          .values({ userId: ctx.user.id, listingId: input.id })
          .onConflictDoNothing()
          .run()
        if (added.changes > 0) notifyListingReaction(ctx, input.id, ctx.user.id)
      } else {
        // Anything on one's own list can leave it, sold or removed since: that reveals nothing.
        ctx.db
          .delete(favorites)
          .where(and(eq(favorites.userId, ctx.user.id), eq(favorites.listingId, input.id)))
          .run()
      }
      return { id: input.id, favorite: input.favorite }
    }),

  /** One Vupt per member per listing. */
  setVupt: approvedProcedure
    .input(z.object({ id: z.number().int().positive(), vupt: z.boolean() }))
    .mutation(({ ctx, input }) => {
      const result = setVupt(ctx.db, ctx.user, input.id, input.vupt)
      if (result.added) notifyListingReaction(ctx, input.id, ctx.user.id)
      return { id: result.id, vupt: result.vupt, vuptsCount: result.vuptsCount }
    }),

  /** Meus favoritos: every favorite, with what became of its listing. */
  favorites: approvedProcedure.query(({ ctx }) => favoritesOf(ctx.db, ctx.user.id)),
})
