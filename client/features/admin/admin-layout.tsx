import { routes } from '@shared/routes'
import { ChevronRightIcon } from 'lucide-react'
import { type CSSProperties, type ReactNode, useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { ListSkeleton } from '@/components/query-states'
import { Separator } from '@/components/ui/separator'
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar'
import { useViewer } from '@/lib/auth'
import { toast } from '@/lib/toast'
import { usePageTitle } from '@/lib/use-page-title'
import { type AdminAccess, hasAdminAccess } from './admin-nav'
import { AdminSidebar } from './admin-sidebar'
import { useAdminBadges } from './use-admin-badges'

export const ADMIN_ONLY_MESSAGE = 'Acesso restrito a administradores.'

type AdminLayoutProps = {
  /** The page's <h1> and tab title. */
  title: string
  description?: string
  /** Who may see the page: 'moderator' (default) lets administrators and moderators in. */
  access?: AdminAccess
  /**
   * The page's content. Render the data-loading parts as child components (not in the page body), so
   * nothing is requested before the viewer's roles are checked.
   */
  children: ReactNode
}

// The site header is sticky and 4rem tall: the admin sidebar and toolbar stick right below it.
const HEADER_OFFSET = { '--sidebar-top': '4rem' } as CSSProperties

/**
 * The admin area's frame: the sidebar (pending badges kept live), a toolbar with its trigger, and the
 * page's heading. The route guards decide first; this check is the page's own second line: anyone
 * without the role is sent to the portal.
 */
export function AdminLayout({ title, description, access = 'moderator', children }: AdminLayoutProps) {
  usePageTitle(title)
  const { viewer, isLoading } = useViewer()
  const [, navigate] = useLocation()
  const roles = viewer?.roles ?? []
  const allowed = viewer !== null && hasAdminAccess(roles, access)

  useEffect(() => {
    if (isLoading || !viewer || allowed) return
    toast.error(access === 'admin' ? ADMIN_ONLY_MESSAGE : 'Acesso negado', {
      id: 'admin-access-denied',
      description: access === 'admin' ? undefined : 'Você não tem permissão para acessar esta página',
    })
    navigate(routes.portal(), { replace: true })
  }, [isLoading, viewer, allowed, access, navigate])

  const badges = useAdminBadges(allowed)

  return (
    <SidebarProvider className="min-h-[calc(100svh-4rem)]" style={HEADER_OFFSET}>
      <AdminSidebar roles={roles} badges={badges} />
      <SidebarInset>
        <div className="sticky top-16 z-20 flex h-12 shrink-0 items-center gap-2 border-b bg-background/95 px-2 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-4">
          <SidebarTrigger />
          <Separator orientation="vertical" className="mr-1 h-5" />
          <nav aria-label="Você está em" className="min-w-0 text-sm">
            <ol className="flex items-center gap-1.5 text-muted-foreground">
              <li>
                <Link href={routes.admin.dashboard()} className="hover:text-foreground hover:underline">
                  Administração
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronRightIcon className="size-3.5" />
              </li>
              <li aria-current="page" className="truncate font-medium text-foreground">
                {title}
              </li>
            </ol>
          </nav>
        </div>
        <div className="mx-auto grid w-full min-w-0 max-w-6xl grid-cols-1 content-start gap-6 px-4 py-6 md:px-6">
          <header className="grid gap-1">
            <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
            {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
          </header>
          {allowed ? children : <ListSkeleton rows={3} />}
        </div>
      </SidebarInset>
    </SidebarProvider>
  )
}
