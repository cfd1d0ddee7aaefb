import type { CLIENT_ROUTES } from '@shared/routes'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** 'moderator' admits moderators and admins; 'admin' only admins. */
export type RouteAccess = 'public' | 'signedIn' | 'moderator' | 'admin'
export type ClientRoute = {
  path: (typeof CLIENT_ROUTES)[number]
  // biome-ignore lint/suspicious/noExplicitAny: each page declares its own props, passed through `props`.
  page: LazyExoticComponent<ComponentType<any>>
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
const HomePage = lazy(() => import('./pages/home/home-page'))
const CommunityHomePage = lazy(() => import('./pages/info/community-home-page'))
const AuthPage = lazy(() => import('./pages/auth/auth-page'))
const VerifyEmailPage = lazy(() => import('./pages/auth/verify-email-page'))
const ResetPasswordPage = lazy(() => import('./pages/auth/reset-password-page'))
const CommunityChooserPage = lazy(() => import('./pages/info/community-chooser-page'))
const ComoFuncionaPage = lazy(() => import('./pages/info/como-funciona-page'))
const SobrePage = lazy(() => import('./pages/info/sobre-page'))
const FaqPage = lazy(() => import('./pages/info/faq-page'))
const AccessibilityPage = lazy(() => import('./pages/info/accessibility-page'))
const AdminDashboardPage = lazy(() => import('./pages/admin/dashboard-page'))
const AdminUsersPage = lazy(() => import('./pages/admin/users-page'))
const AdminListingsPage = lazy(() => import('./pages/admin/listings-page'))
const AdminListingPreviewPage = lazy(() => import('./pages/admin/listing-preview-page'))
const AdminEventsPage = lazy(() => import('./pages/admin/events-page'))
const AdminBannersPage = lazy(() => import('./pages/admin/banners-page'))
const AdminSubcategoriesPage = lazy(() => import('./pages/admin/subcategories-page'))
const AdminModerationLogPage = lazy(() => import('./pages/admin/moderation-log-page'))
const AdminReportsPage = lazy(() => import('./pages/admin/reports-page'))
const EventsPage = lazy(() => import('./pages/events/events-page'))
const EventPage = lazy(() => import('./pages/events/event-page'))
const EventFormPage = lazy(() => import('./pages/events/event-form-page'))
const PortalPage = lazy(() => import('./pages/portal/portal-page'))
const CategoryPage = lazy(() => import('./pages/listings/category-page'))
const ListingPage = lazy(() => import('./pages/listing/listing-page'))
const ProfilePage = lazy(() => import('./pages/profile/profile-page'))
const SellPage = lazy(() => import('./pages/sell/sell-page'))
const MyListingsPage = lazy(() => import('./pages/sell/my-listings-page'))
const WantedPage = lazy(() => import('./pages/wanted/wanted-page'))
const FavoritesPage = lazy(() => import('./pages/account/favorites-page'))
const MyEventsPage = lazy(() => import('./pages/events/my-events-page'))
const MyAccountPage = lazy(() => import('./pages/account/my-account-page'))
const SecurityPage = lazy(() => import('./pages/account/security-page'))
const ConfirmEmailPage = lazy(() => import('./pages/auth/confirm-email-page'))
const ChatListPage = lazy(() => import('./pages/chat/chat-list-page'))
const ChatThreadPage = lazy(() => import('./pages/chat/chat-thread-page'))
export const NotFoundPage = lazy(() => import('./pages/info/not-found-page'))

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
  { path: '/procura-se', page: WantedPage, access: 'signedIn' },
  { path: '/minha-conta', page: MyAccountPage, access: 'signedIn' },
  // LGPD: export and deletion stay reachable for an account still waiting for approval.
  { path: '/minha-conta/seguranca', page: SecurityPage, access: 'signedIn', beforeApproval: true },
  { path: '/confirmar-email', page: ConfirmEmailPage, access: 'public', beforeApproval: true },
  { path: '/chat', page: ChatListPage, access: 'signedIn' },
  { path: '/chat/:id', page: ChatThreadPage, access: 'signedIn' },
  { path: '/eventos', page: EventsPage, access: 'public' },
  { path: '/evento/:id', page: EventPage, access: 'public' },
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
    denied: { redirectTo: '/' },
  },
  { path: '/admin/moderacao', page: AdminModerationLogPage, access: 'moderator' },
  { path: '/admin/denuncias', page: AdminReportsPage, access: 'moderator' },
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
export const BEFORE_EMAIL_CONFIRMATION_PATHS = ['/verificar-email', '/redefinir-senha']
