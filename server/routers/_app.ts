import { router } from '../trpc/init'
import { accountRouter } from './account'
import { adminRouter } from './admin'
import { authRouter } from './auth'
import { bannersRouter } from './banners'
import { chatRouter } from './chat'
import { eventsRouter } from './events'
import { listingsRouter } from './listings'
import { profilesRouter } from './profiles'

export const appRouter = router({
  account: accountRouter,
  auth: authRouter,
  banners: bannersRouter,
  chat: chatRouter,
  events: eventsRouter,
  listings: listingsRouter,
  profiles: profilesRouter,
  admin: adminRouter,
})

export type AppRouter = typeof appRouter
