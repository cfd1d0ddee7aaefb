import { describe, expect, it } from 'vitest'
import { actionLabel, actorName, reasonText, targetHref, targetLabel } from './moderation-log'

describe('actionLabel', () => {
  it('translates every action the server logs', () => {
    expect(actionLabel('approve_user')).toBe('Aprovou usuário')
    expect(actionLabel('set_roles')).toBe('Alterou permissões')
    expect(actionLabel('delete_user')).toBe('Removeu usuário')
    expect(actionLabel('remove_listing')).toBe('Removeu anúncio')
    expect(actionLabel('approve_event')).toBe('Aprovou evento')
    expect(actionLabel('reject_event')).toBe('Rejeitou evento')
    expect(actionLabel('delete_account')).toBe('Excluiu a própria conta')
  })

  it('still shows an action it does not know', () => {
    expect(actionLabel('archive_chat')).toBe('Ação: archive_chat')
  })
})

describe('targets', () => {
  it('names the target and links to the public pages that exist', () => {
    expect(targetLabel('listing', 12)).toBe('Anúncio #12')
    expect(targetLabel('user', 3)).toBe('Usuário #3')
    expect(targetHref('listing', 12)).toBe('/admin/anuncios/12')
    expect(targetHref('event', 4)).toBe('/evento/4')
    expect(targetHref('user', 3)).toBeNull()
  })
})

describe('reasonText', () => {
  it('shows new roles with their labels', () => {
    expect(reasonText('set_roles', 'user, admin')).toBe('Novas permissões: Usuário, Administrador')
  })

  it('keeps other reasons as written, and none as null', () => {
    expect(reasonText('remove_listing', 'Spam ou duplicado')).toBe('Spam ou duplicado')
    expect(reasonText('set_roles', 'user, owner')).toBe('user, owner')
    expect(reasonText('approve_user', null)).toBeNull()
  })
})

describe('actorName', () => {
  it('names the moderator with the username', () => {
    expect(actorName('approve_user', { fullName: 'Ana Souza', username: 'ana' })).toBe('Ana Souza (@ana)')
    expect(actorName('approve_user', { fullName: 'Ana Souza', username: null })).toBe('Ana Souza')
  })

  it('covers deleted moderators and self-deleted accounts', () => {
    expect(actorName('approve_user', null)).toBe('Conta removida')
    expect(actorName('delete_account', null)).toBe('O próprio usuário')
  })
})
