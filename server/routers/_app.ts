import { router } from '../trpc/init'
import { adminUsersRouter } from './admin-users'
import { authRouter } from './auth'

export const appRouter = router({
  auth: authRouter,
  admin: router({
    users: adminUsersRouter,
  }),
})

export type AppRouter = typeof appRouter
