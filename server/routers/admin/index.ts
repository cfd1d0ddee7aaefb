import { router } from '../../trpc/init'
import { adminBadgesRouter } from './badges'
import { adminBannersRouter } from './banners'
import { adminCoursesRouter } from './courses'
import { adminDashboardRouter } from './dashboard'
import { adminIntegrityRouter } from './integrity'
import { adminListingsRouter } from './listings'
import { adminMeetingSpotsRouter } from './meeting-spots'
import { adminReportsRouter } from './reports'
import { adminSemestersRouter } from './semesters'
import { adminSubcategoriesRouter } from './subcategories'
import { adminUsersRouter } from './users'

/** The admin area. Users, roles, banners and subcategories: admins; listings and events: moderators too. */
export const adminRouter = router({
  badges: adminBadgesRouter,
  banners: adminBannersRouter,
  courses: adminCoursesRouter,
  dashboard: adminDashboardRouter,
  integrity: adminIntegrityRouter,
  listings: adminListingsRouter,
  meetingSpots: adminMeetingSpotsRouter,
  reports: adminReportsRouter,
  semesters: adminSemestersRouter,
  subcategories: adminSubcategoriesRouter,
  users: adminUsersRouter,
})
