import { router } from '../trpc/init'
import { accountRouter } from './account'
import { adminRouter } from './admin'
import { authRouter } from './auth'
import { bannersRouter } from './banners'
import { chatRouter } from './chat'
import { coursesRouter } from './courses'
import { dealsRouter } from './deals'
import { eventsRouter } from './events'
import { listingsRouter } from './listings'
import { notificationsRouter } from './notifications'
import { profilesRouter } from './profiles'
import { safetyRouter } from './safety'
import { semestersRouter } from './semesters'
import { wantedRouter } from './wanted'

export const appRouter = router({
  account: accountRouter,
  auth: authRouter,
  banners: bannersRouter,
  chat: chatRouter,
  courses: coursesRouter,
  deals: dealsRouter,
  events: eventsRouter,
  listings: listingsRouter,
  notifications: notificationsRouter,
  profiles: profilesRouter,
  safety: safetyRouter,
  semesters: semestersRouter,
  wanted: wantedRouter,
  admin: adminRouter,
})

export type AppRouter = typeof appRouter
