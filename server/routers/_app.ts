import { router } from '../trpc/init'
import { adminUsersRouter } from './admin-users'
import { authRouter } from './auth'
import { bannersRouter } from './banners'
import { listingsRouter } from './listings'
import { profilesRouter } from './profiles'

export const appRouter = router({
  auth: authRouter,
  banners: bannersRouter,
  listings: listingsRouter,
  profiles: profilesRouter,
  admin: router({
    users: adminUsersRouter,
  }),
})

export type AppRouter = typeof appRouter
