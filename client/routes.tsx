import { type CLIENT_ROUTES, routes } from '@shared/routes'
import type { ComponentType } from 'react'
import { parse } from 'regexparam'
import { type LazyPage, lazyPage } from '@/lib/lazy-page'

/** 'moderator' admits moderators and admins; 'admin' only admins. */
export type RouteAccess = 'public' | 'signedIn' | 'moderator' | 'admin'
export type ClientRoute = {
  path: (typeof CLIENT_ROUTES)[number]
  // biome-ignore lint/suspicious/noExplicitAny: each page declares its own props, passed through `props`.
  page: LazyPage<any>
  props?: Record<string, unknown>
  access: RouteAccess
  /** Reachable while the account waits for approval (links that arrive by e-mail). */
  beforeApproval?: boolean
  /**
   * A signed-in member without the access: by default a toast and off to the portal; `redirectTo`
   * changes where, and `message` shows it in place instead (spec: the banners page).
   */
  denied?: { redirectTo: string } | { message: string }
}

// One chunk per page: a visitor downloads only what they open.
// biome-ignore lint/suspicious/noExplicitAny: each page declares its own props.
const pageModules = import.meta.glob<{ default: ComponentType<any> }>('./pages/**/*-page.tsx')

/** A page by its file under pages/, keyed as in the build manifest so the server can preload it. */
function page(name: string) {
  const load = pageModules[`./pages/${name}.tsx`]
  if (!load) throw new Error(`página inexistente: ${name}`)
  return lazyPage(`pages/${name}.tsx`, load)
}

const HomePage = page('home/home-page')
const CommunityHomePage = page('info/community-home-page')
const AuthPage = page('auth/auth-page')
const VerifyEmailPage = page('auth/verify-email-page')
const ReverifyEmailPage = page('semesters/reverify-email-page')
const AdminSemestersPage = page('admin/semesters-page')
const ResetPasswordPage = page('auth/reset-password-page')
const CommunityChooserPage = page('info/community-chooser-page')
const ComoFuncionaPage = page('info/como-funciona-page')
const SobrePage = page('info/sobre-page')
const FaqPage = page('info/faq-page')
const AccessibilityPage = page('info/accessibility-page')
const AdminDashboardPage = page('admin/dashboard-page')
const AdminUsersPage = page('admin/users-page')
const AdminListingsPage = page('admin/listings-page')
const AdminListingPreviewPage = page('admin/listing-preview-page')
const AdminEventsPage = page('admin/events-page')
const AdminBannersPage = page('admin/banners-page')
const AdminSubcategoriesPage = page('admin/subcategories-page')
const AdminMeetingSpotsPage = page('admin/meeting-spots-page')
const AdminModerationLogPage = page('admin/moderation-log-page')
const AdminReportsPage = page('admin/reports-page')
const AdminIntegrityPage = page('admin/integrity-page')
const AdminCoursesPage = page('admin/courses-page')
const EventsPage = page('events/events-page')
const EventPage = page('events/event-page')
const EventFormPage = page('events/event-form-page')
const PortalPage = page('portal/portal-page')
const CategoryPage = page('listings/category-page')
const ListingPage = page('listing/listing-page')
const ProfilePage = page('profile/profile-page')
const SellPage = page('sell/sell-page')
const MyListingsPage = page('sell/my-listings-page')
const WantedPage = page('wanted/wanted-page')
const FavoritesPage = page('account/favorites-page')
const MyEventsPage = page('events/my-events-page')
const EventRosterPage = page('events/event-roster-page')
const EventCheckInPage = page('events/event-check-in-page')
const MyAccountPage = page('account/my-account-page')
const SecurityPage = page('account/security-page')
const ConfirmEmailPage = page('auth/confirm-email-page')
const ChatListPage = page('chat/chat-list-page')
const ChatThreadPage = page('chat/chat-thread-page')
const ReviewPage = page('deals/review-page')
const MyDeliveriesPage = page('deals/my-deliveries-page')
const HandoffPage = page('deals/handoff-page')
export const NotFoundPage = page('info/not-found-page')

const sharedRoutes: ClientRoute[] = [
  { path: '/auth', page: AuthPage, access: 'public' },
  { path: '/verificar-email', page: VerifyEmailPage, access: 'public', beforeApproval: true },
  { path: '/redefinir-senha', page: ResetPasswordPage, access: 'public', beforeApproval: true },
  { path: '/comunidades', page: CommunityChooserPage, access: 'public' },
  { path: '/como-funciona', page: ComoFuncionaPage, access: 'public' },
  { path: '/sobre', page: SobrePage, access: 'public' },
  { path: '/faq', page: FaqPage, access: 'public' },
  { path: '/acessibilidade', page: AccessibilityPage, access: 'public' },
  { path: '/portal', page: PortalPage, access: 'public' },
  { path: '/criacoes', page: CategoryPage, access: 'signedIn', props: { slug: 'criacoes' } },
  { path: '/servicos', page: CategoryPage, access: 'signedIn', props: { slug: 'servicos' } },
  { path: '/desapegos', page: CategoryPage, access: 'signedIn', props: { slug: 'desapegos' } },
  { path: '/produto/:id', page: ListingPage, access: 'signedIn' },
  { path: '/perfil/:username', page: ProfilePage, access: 'signedIn' },
  { path: '/vender', page: SellPage, access: 'signedIn' },
  { path: '/meus-produtos', page: MyListingsPage, access: 'signedIn' },
  { path: '/meus-favoritos', page: FavoritesPage, access: 'signedIn' },
  { path: '/meus-eventos', page: MyEventsPage, access: 'signedIn' },
  { path: '/minhas-entregas', page: MyDeliveriesPage, access: 'signedIn' },
  { path: '/entregas/:id', page: HandoffPage, access: 'signedIn' },
  { path: '/procura-se', page: WantedPage, access: 'signedIn' },
  { path: '/minha-conta', page: MyAccountPage, access: 'signedIn' },
  // LGPD: export and deletion stay reachable for an account still waiting for approval.
  { path: '/minha-conta/seguranca', page: SecurityPage, access: 'signedIn', beforeApproval: true },
  { path: '/confirmar-email', page: ConfirmEmailPage, access: 'public', beforeApproval: true },
  { path: '/reconfirmar-email', page: ReverifyEmailPage, access: 'public', beforeApproval: true },
  { path: '/chat', page: ChatListPage, access: 'signedIn' },
  { path: '/chat/:id', page: ChatThreadPage, access: 'signedIn' },
  { path: '/avaliar/:meetingId', page: ReviewPage, access: 'signedIn' },
  { path: '/eventos', page: EventsPage, access: 'public' },
  { path: '/evento/:id', page: EventPage, access: 'public' },
  { path: '/evento/:id/presencas', page: EventRosterPage, access: 'signedIn' },
  { path: '/evento/:id/check-in', page: EventCheckInPage, access: 'signedIn' },
  { path: '/criar-evento', page: EventFormPage, access: 'signedIn', props: { mode: 'create' } },
  { path: '/editar-evento/:id', page: EventFormPage, access: 'signedIn', props: { mode: 'edit' } },
  { path: '/admin', page: AdminDashboardPage, access: 'moderator' },
  { path: '/admin/aprovacoes', page: AdminUsersPage, access: 'admin' },
  { path: '/admin/usuarios', page: AdminUsersPage, access: 'admin' },
  { path: '/admin/anuncios', page: AdminListingsPage, access: 'moderator' },
  { path: '/admin/anuncios/:id', page: AdminListingPreviewPage, access: 'moderator' },
  { path: '/admin/eventos', page: AdminEventsPage, access: 'moderator' },
  {
    path: '/admin/banners',
    page: AdminBannersPage,
    access: 'admin',
    denied: { message: 'Acesso restrito a administradores.' },
  },
  {
    path: '/admin/subcategorias',
    page: AdminSubcategoriesPage,
    access: 'admin',
    denied: { redirectTo: routes.home() },
  },
  { path: '/admin/semestres', page: AdminSemestersPage, access: 'admin' },
  { path: '/admin/pontos-de-encontro', page: AdminMeetingSpotsPage, access: 'admin' },
  { path: '/admin/moderacao', page: AdminModerationLogPage, access: 'moderator' },
  { path: '/admin/denuncias', page: AdminReportsPage, access: 'moderator' },
  { path: '/admin/integridade', page: AdminIntegrityPage, access: 'admin' },
  { path: '/admin/cursos', page: AdminCoursesPage, access: 'admin' },
]

/** Routes at the root: `/` is the listing's landing page. */
export const rootRoutes: ClientRoute[] = [{ path: '/', page: HomePage, access: 'public' }, ...sharedRoutes]

/** Routes under `/{community}`: `/` is that community's own landing page. */
export const communityRoutes: ClientRoute[] = [
  { path: '/', page: CommunityHomePage, access: 'public' },
  ...sharedRoutes,
]

export const BEFORE_APPROVAL_PATHS = sharedRoutes
  .filter((route) => route.beforeApproval)
  .map((route) => route.path)

/** An account whose e-mail is not confirmed yet reaches only the pages its e-mail links open. */
export const BEFORE_EMAIL_CONFIRMATION_PATHS = [routes.verifyEmail(), routes.resetPassword()]

const routePatterns = new Map<string, RegExp>()

/** The route wouter's Switch would pick for a path (same parser), for the server's guards. */
export function findRoute(routes: ClientRoute[], path: string): ClientRoute | undefined {
  return routes.find((route) => {
    let pattern = routePatterns.get(route.path)
    if (!pattern) {
      pattern = parse(route.path).pattern
      routePatterns.set(route.path, pattern)
    }
    return pattern.test(path)
  })
}
