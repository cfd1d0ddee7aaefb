import { z } from 'zod'
import { idInput } from '../../shared/schemas/ids'
import {
  listingFiltersSchema,
  listingInputSchema,
  listingStatusSchema,
  listingUpdateSchema,
  myCourseShelfSchema,
} from '../../shared/schemas/listing'
import { memberCommunityId, resolveCommunityId } from '../communities/scope'
import { listListings } from '../listings/catalog'
import { listingForMember } from '../listings/detail'
import { favoritesOf } from '../listings/favorites'
import { bumpListing, renewListing } from '../listings/life'
import {
  categoriesWithCounts,
  featuredListings,
  landingStats,
  listingsOfSeller,
  myCourseListings,
} from '../listings/portal'
import {
  deleteListing,
  editListing,
  publishListing,
  setFavorite,
  setListingStatus,
  setVupt,
} from '../listings/rules'
import { approvedProcedure, publicProcedure, router } from '../trpc/init'

/**
 * The portal's queries: their answers depend only on the input, the caller and the database, so a
 * visitor's serves every visitor and a member's serves the same session until the next write.
 */
const portalQuery = publicProcedure.meta({ tier: 'public', cache: 'member' })

const communityInput = z.object({ communitySlug: z.string().max(50).optional() }).optional()

export const listingsRouter = router({
  /** Main categories with their subcategories and the count of live listings in each. */
  categories: portalQuery
    .input(communityInput)
    .query(({ ctx, input }) => categoriesWithCounts(ctx.db, resolveCommunityId(ctx, input?.communitySlug))),

  /** The landing page's three figures. */
  stats: portalQuery
    .input(communityInput)
    .query(({ ctx, input }) => landingStats(ctx.db, resolveCommunityId(ctx, input?.communitySlug))),

  /** 'Em destaque': the six most viewed live listings, newest first among equals. */
  featured: portalQuery
    .input(communityInput)
    .query(({ ctx, input }) =>
      featuredListings(ctx.db, resolveCommunityId(ctx, input?.communitySlug), ctx.user?.id),
    ),

  list: portalQuery.input(listingFiltersSchema).query(({ ctx, input }) =>
    listListings(ctx.db, {
      ...input,
      communityId: resolveCommunityId(ctx, input.communitySlug),
      viewerId: ctx.user?.id ?? null,
    }),
  ),

  /** 'Do meu curso': the newest listings tagged with the member's course. */
  myCourse: approvedProcedure
    .input(myCourseShelfSchema)
    .query(({ ctx, input }) =>
      myCourseListings(ctx.db, { id: ctx.user.id, communityId: memberCommunityId(ctx.user) }, input.limit),
    ),

  /** The listing page. Counts one view per member per day. */
  byId: approvedProcedure.input(idInput).query(({ ctx, input }) => listingForMember(ctx, ctx.user, input.id)),

  create: approvedProcedure
    .input(listingInputSchema)
    .mutation(async ({ ctx, input }) => ({ id: (await publishListing(ctx, ctx.user, input)).id })),

  update: approvedProcedure.input(listingUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input
    await editListing(ctx, ctx.user, id, fields)
    return { id }
  }),

  setStatus: approvedProcedure.input(listingStatusSchema).mutation(({ ctx, input }) => {
    setListingStatus(ctx.db, ctx.user, input.id, input.status, ctx.bus)
    return { id: input.id, status: input.status }
  }),

  delete: approvedProcedure.input(idInput).mutation(({ ctx, input }) => {
    deleteListing(ctx.db, ctx.user, input.id)
    return { ok: true as const }
  }),

  /** 'Renovar': 60 more days on the portal. */
  renew: approvedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => renewListing(ctx.db, ctx.user, input.id)),

  /** 'Subir': back to the top of 'Mais recentes', once a week. */
  bump: approvedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => bumpListing(ctx.db, ctx.user, input.id)),

  /** Meus Produtos: every own listing, whatever its status, with the moderation outcome. */
  mine: approvedProcedure.query(({ ctx }) => listingsOfSeller(ctx.db, ctx.user.id)),

  setFavorite: approvedProcedure
    .input(z.object({ id: z.number().int().positive(), favorite: z.boolean() }))
    .mutation(({ ctx, input }) => {
      setFavorite(ctx, ctx.user, input.id, input.favorite)
      return { id: input.id, favorite: input.favorite }
    }),

  /** One Vupt per member per listing. */
  setVupt: approvedProcedure
    .input(z.object({ id: z.number().int().positive(), vupt: z.boolean() }))
    .mutation(({ ctx, input }) => setVupt(ctx, ctx.user, input.id, input.vupt)),

  /** Meus favoritos: every favorite, with what became of its listing. */
  favorites: approvedProcedure.query(({ ctx }) => favoritesOf(ctx.db, ctx.user.id)),
})
