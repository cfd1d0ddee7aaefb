import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { usernameSchema } from '../../shared/schemas/auth'
import { profileUpdateSchema } from '../../shared/schemas/profile'
import { profileColumns } from '../account/profile'
import { sameUsername, usernameTaken } from '../auth/accounts'
import { listings, profiles } from '../db/schema'
import { appError } from '../errors'
import { isLiveListing, selectListingCards } from '../listings/visibility'
import { blockedBetween } from '../safety/blocks'
import { approvedProcedure, router } from '../trpc/init'
import { attachUploads, releaseUpload } from '../uploads/attach'

export const profilesRouter = router({
  /** A member's public profile with their live listings; only within the same community. */
  byUsername: approvedProcedure.input(z.object({ username: usernameSchema })).query(({ ctx, input }) => {
    const profile = ctx.db
      .select({
        userId: profiles.userId,
        ...profileColumns,
        communityId: profiles.communityId,
        approved: profiles.approved,
        createdAt: profiles.createdAt,
      })
      .from(profiles)
      .where(sameUsername(input.username))
      .get()
    if (
      !profile?.approved ||
      profile.communityId !== ctx.user.communityId ||
      blockedBetween(ctx.db, ctx.user.id, profile.userId)
    ) {
      throw appError('NOT_FOUND', 'PROFILE_NOT_FOUND')
    }
    const ownListings = selectListingCards(ctx.db, ctx.user.id)
      .where(and(eq(listings.sellerId, profile.userId), isLiveListing))
      .orderBy(desc(listings.createdAt))
      .all()
    const { communityId: _community, approved: _approved, ...publicProfile } = profile
    return { ...publicProfile, isMe: profile.userId === ctx.user.id, listings: ownListings }
  }),

  /** Minha Conta: the member's own editable profile. */
  me: approvedProcedure.query(({ ctx }) => {
    const profile = ctx.db.select(profileColumns).from(profiles).where(eq(profiles.userId, ctx.user.id)).get()
    if (!profile) throw appError('NOT_FOUND', 'USER_NOT_FOUND')
    return { ...profile, email: ctx.user.email }
  }),

  update: approvedProcedure.input(profileUpdateSchema).mutation(({ ctx, input }) => {
    if (usernameTaken(ctx.db, input.username, ctx.user.id)) throw appError('CONFLICT', 'USERNAME_TAKEN')

    return ctx.db.transaction(() => {
      const current = ctx.db
        .select({ avatarUrl: profiles.avatarUrl, avatarUploadId: profiles.avatarUploadId })
        .from(profiles)
        .where(eq(profiles.userId, ctx.user.id))
        .get()
      let avatarUrl = current?.avatarUrl ?? null
      let avatarUploadId = current?.avatarUploadId ?? null
      if (input.avatarUploadId) {
        const [avatar] = attachUploads(ctx.db, ctx.storage, ctx.user.id, [input.avatarUploadId], 'avatar')
        avatarUrl = avatar?.cardUrl ?? avatarUrl
        avatarUploadId = avatar?.id ?? avatarUploadId
      } else if (input.avatarUploadId === null) {
        avatarUrl = null
        avatarUploadId = null
      }
      if (current?.avatarUploadId !== avatarUploadId) releaseUpload(ctx.db, current?.avatarUploadId, 'avatar')
      ctx.db
        .update(profiles)
        .set({
          username: input.username,
          fullName: input.fullName,
          bio: input.bio,
          university: input.university,
          course: input.course,
          avatarUrl,
          avatarUploadId,
        })
        .where(eq(profiles.userId, ctx.user.id))
        .run()
      ctx.bus.publish('account', ctx.user.id, { userId: ctx.user.id, reason: 'profile' })
      return { username: input.username }
    })
  }),
})
