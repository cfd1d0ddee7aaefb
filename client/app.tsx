import { routes } from '@shared/routes'
import { type ReactNode, Suspense, useEffect } from 'react'
import { Route, Router, Switch, useLocation } from 'wouter'
import { FloatingAddButton } from '@/components/layout/floating-add-button'
import { SiteFooter } from '@/components/layout/site-footer'
import { TopNav } from '@/components/layout/top-nav'
import { Spinner } from '@/components/ui/spinner'
import { useSignInRedirect } from '@/features/auth/use-sign-in-redirect'
import { ChatEventsProvider } from '@/features/chat/chat-events'
import { isChatMember } from '@/features/chat/chat-member'
import { useAccountLiveUpdates, useViewer, type Viewer } from '@/lib/auth'
import { CommunityProvider, defaultCommunity, findCommunity } from '@/lib/community'
import { lazyPage } from '@/lib/lazy-page'
import { toast } from '@/lib/toast'
import {
  BEFORE_APPROVAL_PATHS,
  BEFORE_EMAIL_CONFIRMATION_PATHS,
  type ClientRoute,
  communityRoutes,
  NotFoundPage,
  type RouteAccess,
  rootRoutes,
} from './routes'

// Forms (zod, react-hook-form) stay out of the first download: most visits never show these two.
// Only members see it, and it shows only to an egresso: visitors' first download leaves it out. The
// server renders it for a member and the browser loads it before hydrating (lazyPage).
const AlumniBanner = lazyPage(
  'features/semesters/alumni-banner.tsx',
  () => import('@/features/semesters/alumni-banner'),
)

const PendingApprovalScreen = lazyPage('features/auth/pending-approval-screen.tsx', () =>
  import('@/features/auth/pending-approval-screen').then((module) => ({
    default: module.PendingApprovalScreen,
  })),
)
const CompleteProfileDialog = lazyPage('features/auth/complete-profile-dialog.tsx', () =>
  import('@/features/auth/complete-profile-dialog').then((module) => ({
    default: module.CompleteProfileDialog,
  })),
)

const SuspendedScreen = lazyPage('features/auth/suspended-screen.tsx', () =>
  import('@/features/auth/suspended-screen').then((module) => ({ default: module.SuspendedScreen })),
)
const TwoFactorRequiredNotice = lazyPage('features/auth/two-factor-required-notice.tsx', () =>
  import('@/features/auth/two-factor-required-notice').then((module) => ({
    default: module.TwoFactorRequiredNotice,
  })),
)

/** The community a path is under (its first segment, when a live one) and the path inside it. */
export function locateCommunity(location: string) {
  const firstSegment = location.split('/')[1] ?? ''
  const community = findCommunity(firstSegment)
  return {
    community,
    pathWithinCommunity: community ? location.slice(firstSegment.length + 1) || '/' : location,
  }
}

/** As tall as the screen, so the footer stays below while a page loads instead of jumping down. */
function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="text-3xl text-primary" />
    </div>
  )
}

/** Marks the page as interactive (`<html data-hydrated>`): browser tests and benchmarks wait for it. */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return null
}

/**
 * The page's Suspense boundary, under a spinner while its code loads. React hydrates a boundary in a
 * task after the shell around it, so the mark that the page responds is set from inside: set by the
 * shell, it came while the page was still the server's HTML, and a tap then depended on React hydrating
 * the page on the spot.
 */
function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      {children}
      <HydrationMark />
    </Suspense>
  )
}

/** Spec: protected screens send signed-out visitors to /auth (replacing history), with a spinner meanwhile. */
function Guard({
  access,
  denied: onDenied,
  children,
}: {
  access: RouteAccess
  denied?: ClientRoute['denied']
  children: React.ReactNode
}) {
  const { viewer, isLoading } = useViewer()
  const redirectToSignIn = useSignInRedirect()
  const [, navigate] = useLocation()
  const denied = viewer !== null && !canAccess(viewer, access)
  const deniedMessage = onDenied && 'message' in onDenied ? onDenied.message : null
  const deniedRedirect = onDenied && 'redirectTo' in onDenied ? onDenied.redirectTo : routes.portal()

  useEffect(() => {
    if (access === 'public' || isLoading) return
    if (!viewer) redirectToSignIn(undefined, { replace: true })
    else if (denied && deniedMessage === null) {
      toast.error('Acesso negado', { description: 'Você não tem permissão para acessar esta página' })
      navigate(deniedRedirect, { replace: true })
    }
  }, [access, isLoading, viewer, denied, deniedMessage, deniedRedirect, redirectToSignIn, navigate])

  if (access === 'public') return children
  if (denied && deniedMessage !== null) {
    return (
      <p role="alert" className="mx-auto max-w-6xl px-4 py-16 text-center font-medium text-lg">
        {deniedMessage}
      </p>
    )
  }
  if (isLoading || !viewer || denied) return <PageSpinner />
  // Administrators sign in with two factors before the admin area opens (the server insists too): the
  // app's code after the password, or a passkey.
  const strongSignIn = viewer.twoFactorEnabled || viewer.hasPasskey
  if ((access === 'admin' || access === 'moderator') && viewer.isAdmin && !strongSignIn) {
    return <TwoFactorRequiredNotice />
  }
  return children
}

function canAccess(viewer: Viewer, access: RouteAccess): boolean {
  if (access === 'admin') return viewer.roles.includes('admin')
  if (access === 'moderator') return viewer.roles.includes('admin') || viewer.roles.includes('moderator')
  return true
}

function routeElements(routes: typeof rootRoutes) {
  return routes.map((route) => (
    <Route key={route.path} path={route.path}>
      <Guard access={route.access} denied={route.denied}>
        <route.page {...route.props} />
      </Guard>
    </Route>
  ))
}

function Shell() {
  const { viewer } = useViewer()
  const [location] = useLocation()
  useAccountLiveUpdates(viewer !== null)
  // A new page starts at its top, as a page load would; otherwise it opens scrolled like the last one,
  // with its first controls under the sticky bar. Filters change only the query, and keep the place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every new path, which it need not read.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [location])

  // The first path segment names the community when it is a live one: /univille/faq.
  const { community: routeCommunity, pathWithinCommunity } = locateCommunity(location)

  const waiting = viewer !== null && (!viewer.approved || !viewer.emailVerified)
  // Until the e-mail is confirmed, only the links that arrive by e-mail: the security page is for the
  // mailbox's proven owner.
  const allowedPaths = viewer?.emailVerified ? BEFORE_APPROVAL_PATHS : BEFORE_EMAIL_CONFIRMATION_PATHS
  const allowedWhileWaiting = allowedPaths.some((path) => pathWithinCommunity === path)
  if (viewer && waiting && !allowedWhileWaiting) {
    return (
      <PageBoundary>
        <PendingApprovalScreen viewer={viewer} />
      </PageBoundary>
    )
  }

  if (viewer?.suspension) {
    return (
      <PageBoundary>
        <SuspendedScreen suspension={viewer.suspension} />
      </PageBoundary>
    )
  }

  const layout = (
    <CommunityProvider
      community={routeCommunity ?? defaultCommunity()}
      prefixed={routeCommunity !== undefined}
    >
      {/* Inside the community router, so the chat's unread toast knows the page the user is on. */}
      <ChatEventsProvider viewerId={isChatMember(viewer) ? viewer.id : null}>
        <div className="flex min-h-dvh flex-col">
          <a
            href="#conteudo"
            className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:font-medium focus:shadow-lg focus:outline-none focus:ring-[3px] focus:ring-ring"
          >
            Pular para o conteúdo
          </a>
          <TopNav />
          {viewer?.approved ? (
            <Suspense fallback={null}>
              <AlumniBanner />
            </Suspense>
          ) : null}
          {/* tabIndex -1: the skip link moves focus here, so the next Tab starts in the content. */}
          {/* The footer waits for the page it closes: shown under a spinner, it would be pushed off the
              screen when the page arrives, the largest layout shift a visitor would see. */}
          <PageBoundary>
            <main id="conteudo" tabIndex={-1} className="flex-1 outline-none">
              <Switch>
                {routeElements(routeCommunity ? communityRoutes : rootRoutes)}
                <Route>
                  <NotFoundPage />
                </Route>
              </Switch>
            </main>
            <SiteFooter />
          </PageBoundary>
          <FloatingAddButton />
          {viewer && !waiting && viewer.needsProfileCompletion ? (
            <Suspense fallback={null}>
              <CompleteProfileDialog viewer={viewer} />
            </Suspense>
          ) : null}
        </div>
      </ChatEventsProvider>
    </CommunityProvider>
  )
  // Under /{community}, every link and route is relative to that prefix.
  return routeCommunity ? <Router base={`/${routeCommunity.slug}`}>{layout}</Router> : layout
}

export function App() {
  return <Shell />
}
