import type { Role } from '@shared/domain'
import { routes } from '@shared/routes'

/** Who may open a part of the admin area: administrators always; moderators only the 'moderator' ones. */
export type AdminAccess = 'admin' | 'moderator'

/** The pending counts that the sidebar shows as badges (`admin.badges.live`). */
export type AdminBadgeCounts = { pendingUsers: number; pendingEvents: number; openReports: number }
export type AdminBadgeKey = keyof AdminBadgeCounts

export type AdminNavId =
  | 'dashboard'
  | 'users'
  | 'listings'
  | 'events'
  | 'banners'
  | 'subcategories'
  | 'semesters'
  | 'meetingSpots'
  | 'moderation'
  | 'reports'
  | 'integrity'
  | 'courses'

export type AdminNavItem = {
  id: AdminNavId
  /** Relative to the community prefix (wouter's base). */
  href: string
  label: string
  access: AdminAccess
  badge?: AdminBadgeKey
  /** Other paths that show the same page (the users page also answers at /admin/aprovacoes). */
  alsoActiveOn?: readonly string[]
}

/** The sidebar, in order. Moderators see listings and events work only (spec): not users, banners or subcategories. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { id: 'dashboard', href: routes.admin.dashboard(), label: 'Painel', access: 'moderator' },
  {
    id: 'users',
    href: routes.admin.users(),
    label: 'Usuários',
    access: 'admin',
    badge: 'pendingUsers',
    alsoActiveOn: [routes.admin.approvals()],
  },
  { id: 'listings', href: routes.admin.listings(), label: 'Anúncios', access: 'moderator' },
  {
    id: 'events',
    href: routes.admin.events(),
    label: 'Eventos',
    access: 'moderator',
    badge: 'pendingEvents',
  },
  {
    id: 'reports',
    href: routes.admin.reports(),
    label: 'Denúncias',
    access: 'moderator',
    badge: 'openReports',
  },
  { id: 'banners', href: routes.admin.banners(), label: 'Banners', access: 'admin' },
  { id: 'subcategories', href: routes.admin.subcategories(), label: 'Subcategorias', access: 'admin' },
  { id: 'semesters', href: routes.admin.semesters(), label: 'Semestres', access: 'admin' },
  { id: 'meetingSpots', href: routes.admin.meetingSpots(), label: 'Pontos de encontro', access: 'admin' },
  { id: 'courses', href: routes.admin.courses(), label: 'Cursos', access: 'admin' },
  { id: 'integrity', href: routes.admin.integrity(), label: 'Integridade acadêmica', access: 'admin' },
  { id: 'moderation', href: routes.admin.moderationLog(), label: 'Moderação', access: 'moderator' },
]

export function hasAdminAccess(roles: readonly Role[], access: AdminAccess): boolean {
  if (roles.includes('admin')) return true
  return access === 'moderator' && roles.includes('moderator')
}

export function adminNavFor(roles: readonly Role[]): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => hasAdminAccess(roles, item.access))
}

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

/** Exact match: '/admin' must not light up on every admin page. */
export function isNavItemActive(item: AdminNavItem, location: string): boolean {
  const path = withoutTrailingSlash(location.split(/[?#]/)[0] ?? location)
  return path === item.href || (item.alsoActiveOn ?? []).includes(path)
}

/** What a badge shows: nothing for zero, '99+' past 99 so it stays inside the row. */
export function badgeText(count: number | undefined): string | null {
  if (!count || count <= 0) return null
  return count > 99 ? '99+' : String(count)
}

/** '1 pendente', '12 pendentes': read by screen readers with the menu entry. */
export function pendingText(count: number): string {
  return `${count} ${count === 1 ? 'pendente' : 'pendentes'}`
}

/**
 * The counts to show: the live ones while the realtime channel works; once it failed, the polled ones
 * (which are fresher), falling back to whatever arrived last.
 */
export function chooseBadgeCounts(
  live: AdminBadgeCounts | null,
  polled: AdminBadgeCounts | undefined,
  liveFailed: boolean,
): AdminBadgeCounts | null {
  if (liveFailed) return polled ?? live
  return live ?? polled ?? null
}

export function badgeCountsChanged(before: AdminBadgeCounts | null, after: AdminBadgeCounts): boolean {
  return (
    before !== null &&
    (before.pendingUsers !== after.pendingUsers ||
      before.pendingEvents !== after.pendingEvents ||
      before.openReports !== after.openReports)
  )
}
