import type { Role } from '@shared/domain'
import { routes } from '@shared/routes'
import {
  ArrowLeftIcon,
  CalendarDaysIcon,
  CalendarRangeIcon,
  FlagIcon,
  GraduationCapIcon,
  ImageIcon,
  LayoutDashboardIcon,
  LibraryBigIcon,
  type LucideIcon,
  MapPinIcon,
  PackageIcon,
  ScrollTextIcon,
  ShieldCheckIcon,
  TagsIcon,
  UsersIcon,
} from 'lucide-react'
import { useId } from 'react'
import { Link, useLocation } from 'wouter'
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '@/components/ui/sidebar'
import { useCommunity } from '@/lib/community'
import {
  type AdminBadgeCounts,
  type AdminNavId,
  adminNavFor,
  badgeText,
  isNavItemActive,
  pendingText,
} from './admin-nav'

const ICONS: Record<AdminNavId, LucideIcon> = {
  dashboard: LayoutDashboardIcon,
  users: UsersIcon,
  listings: PackageIcon,
  events: CalendarDaysIcon,
  banners: ImageIcon,
  subcategories: TagsIcon,
  semesters: CalendarRangeIcon,
  meetingSpots: MapPinIcon,
  moderation: ScrollTextIcon,
  reports: FlagIcon,
  integrity: GraduationCapIcon,
  courses: LibraryBigIcon,
}

/** The admin area's navigation: only the pages the viewer's roles open, with the pending badges. */
export function AdminSidebar({ roles, badges }: { roles: readonly Role[]; badges: AdminBadgeCounts | null }) {
  const [location] = useLocation()
  const { isMobile, setOpenMobile } = useSidebar()
  const { community } = useCommunity()
  const baseId = useId()
  const items = adminNavFor(roles)
  // On phones the menu is a sheet over the page: following a link should reveal the page.
  const closeOnPhone = () => {
    if (isMobile) setOpenMobile(false)
  }

  return (
    <Sidebar
      collapsible="icon"
      position="sticky"
      mobileTitle="Menu da administração"
      mobileDescription="Páginas da administração da comunidade."
    >
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="Administração">
              <Link href={routes.admin.dashboard()} onClick={closeOnPhone}>
                <span className="flex aspect-square size-8 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
                  <ShieldCheckIcon className="size-4" aria-hidden="true" />
                </span>
                <span className="grid flex-1 text-left leading-tight">
                  <span className="truncate font-semibold">Administração</span>
                  <span className="truncate text-sidebar-foreground/70 text-xs">
                    {community?.name ?? 'Vupt'} · {roles.includes('admin') ? 'Administrador' : 'Moderador'}
                  </span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>

      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>Gestão</SidebarGroupLabel>
          <SidebarGroupContent>
            <nav aria-label="Administração">
              <SidebarMenu>
                {items.map((item) => {
                  const Icon = ICONS[item.id]
                  const active = isNavItemActive(item, location)
                  const count = item.badge ? (badges?.[item.badge] ?? 0) : 0
                  const badge = badgeText(count)
                  const descriptionId = `${baseId}-${item.id}-pending`
                  return (
                    <SidebarMenuItem key={item.id}>
                      <SidebarMenuButton
                        asChild
                        isActive={active}
                        className="relative"
                        tooltip={badge ? `${item.label} (${pendingText(count)})` : item.label}
                      >
                        {/* The name stays the label; the pending count is its description. */}
                        <Link
                          href={item.href}
                          aria-current={active ? 'page' : undefined}
                          aria-describedby={badge ? descriptionId : undefined}
                          onClick={closeOnPhone}
                        >
                          <Icon aria-hidden="true" />
                          {badge ? (
                            // Collapsed to icons the number has no room: a dot says "something waits".
                            <span
                              aria-hidden="true"
                              className="absolute top-1 right-1 hidden size-2 rounded-full bg-destructive group-data-[collapsible=icon]:block"
                            />
                          ) : null}
                          <span>{item.label}</span>
                        </Link>
                      </SidebarMenuButton>
                      {badge ? (
                        <>
                          <SidebarMenuBadge aria-hidden="true" className="bg-destructive text-white">
                            {badge}
                          </SidebarMenuBadge>
                          <span id={descriptionId} hidden>
                            {pendingText(count)}
                          </span>
                        </>
                      ) : null}
                    </SidebarMenuItem>
                  )
                })}
              </SidebarMenu>
            </nav>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>

      <SidebarFooter>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip="Voltar ao portal">
              <Link href={routes.portal()}>
                <ArrowLeftIcon aria-hidden="true" />
                <span>Voltar ao portal</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  )
}
