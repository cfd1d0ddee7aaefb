import { describe, expect, it } from 'vitest'
import {
  ADMIN_NAV,
  adminNavFor,
  badgeCountsChanged,
  badgeText,
  chooseBadgeCounts,
  hasAdminAccess,
  isNavItemActive,
  pendingText,
} from './admin-nav'

const item = (id: string) => {
  const found = ADMIN_NAV.find((entry) => entry.id === id)
  if (!found) throw new Error(`no nav item ${id}`)
  return found
}

describe('adminNavFor', () => {
  it('shows administrators every page', () => {
    expect(adminNavFor(['user', 'admin']).map((entry) => entry.label)).toEqual([
      'Painel',
      'Usuários',
      'Anúncios',
      'Eventos',
      'Denúncias',
      'Banners',
      'Subcategorias',
      'Semestres',
      'Pontos de encontro',
      'Cursos',
      'Integridade acadêmica',
      'Moderação',
    ])
  })

  it('shows moderators only Painel, Anúncios, Eventos, Denúncias and Moderação', () => {
    expect(adminNavFor(['user', 'moderator']).map((entry) => entry.label)).toEqual([
      'Painel',
      'Anúncios',
      'Eventos',
      'Denúncias',
      'Moderação',
    ])
  })

  it('shows plain users nothing', () => {
    expect(adminNavFor(['user'])).toEqual([])
  })
})

describe('hasAdminAccess', () => {
  it('lets moderators into moderator pages only', () => {
    expect(hasAdminAccess(['user', 'moderator'], 'moderator')).toBe(true)
    expect(hasAdminAccess(['user', 'moderator'], 'admin')).toBe(false)
    expect(hasAdminAccess(['user', 'admin'], 'admin')).toBe(true)
    expect(hasAdminAccess(['user'], 'moderator')).toBe(false)
  })
})

describe('isNavItemActive', () => {
  it('matches the dashboard exactly, not every admin page', () => {
    expect(isNavItemActive(item('dashboard'), '/admin')).toBe(true)
    expect(isNavItemActive(item('dashboard'), '/admin/')).toBe(true)
    expect(isNavItemActive(item('dashboard'), '/admin/anuncios')).toBe(false)
  })

  it('lights the users entry on /admin/aprovacoes too, ignoring the query string', () => {
    expect(isNavItemActive(item('users'), '/admin/aprovacoes')).toBe(true)
    expect(isNavItemActive(item('users'), '/admin/usuarios?x=1')).toBe(true)
    expect(isNavItemActive(item('events'), '/admin/usuarios')).toBe(false)
  })
})

describe('badges', () => {
  it('hides zero and caps large counts', () => {
    expect(badgeText(0)).toBeNull()
    expect(badgeText(undefined)).toBeNull()
    expect(badgeText(7)).toBe('7')
    expect(badgeText(120)).toBe('99+')
  })

  it('says how many are pending, singular and plural', () => {
    expect(pendingText(1)).toBe('1 pendente')
    expect(pendingText(3)).toBe('3 pendentes')
  })

  it('prefers live counts, and the polled ones once the channel failed', () => {
    const live = { pendingUsers: 1, pendingEvents: 2, openReports: 0 }
    const polled = { pendingUsers: 3, pendingEvents: 4, openReports: 0 }
    expect(chooseBadgeCounts(live, polled, false)).toBe(live)
    expect(chooseBadgeCounts(null, polled, false)).toBe(polled)
    expect(chooseBadgeCounts(live, polled, true)).toBe(polled)
    expect(chooseBadgeCounts(live, undefined, true)).toBe(live)
    expect(chooseBadgeCounts(null, undefined, false)).toBeNull()
  })

  it('reports a change only against earlier counts', () => {
    const counts = { pendingUsers: 1, pendingEvents: 2, openReports: 0 }
    expect(badgeCountsChanged(null, counts)).toBe(false)
    expect(badgeCountsChanged(counts, { ...counts })).toBe(false)
    expect(badgeCountsChanged(counts, { ...counts, pendingEvents: 1 })).toBe(true)
  })
})
