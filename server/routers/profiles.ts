import { z } from 'zod'
import { usernameSchema } from '../../shared/schemas/auth'
import { profileUpdateSchema } from '../../shared/schemas/profile'
import { ownProfile, updateOwnProfile } from '../people/profiles/own-profile'
import { publicProfile } from '../people/profiles/public-profile'
import { approvedProcedure, router } from '../trpc/init'

export const profilesRouter = router({
  /** A member's public profile with their live listings; only within the same community. */
  byUsername: approvedProcedure
    .input(z.object({ username: usernameSchema }))
    .query(({ ctx, input }) => publicProfile(ctx.db, ctx.user, input.username)),

  /** Minha Conta: the member's own editable profile. */
  me: approvedProcedure.query(({ ctx }) => ownProfile(ctx.db, ctx.user)),

  update: approvedProcedure
    .input(profileUpdateSchema)
    .mutation(({ ctx, input }) => updateOwnProfile(ctx, ctx.user, input)),
})
