import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MODERATION_ACTION_LABELS, MODERATION_ACTIONS } from '@shared/moderation'
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

  it('translates the report decisions', () => {
    expect(actionLabel('warn_user')).toBe('Advertiu usuário')
    expect(actionLabel('suspend_user')).toBe('Suspendeu usuário')
    expect(actionLabel('dismiss_report')).toBe('Arquivou denúncia')
    expect(actionLabel('acknowledge_barrier')).toBe('Confirmou barreira de acessibilidade')
  })

  it('still shows an action it does not know', () => {
    expect(actionLabel('archive_chat')).toBe('Ação: archive_chat')
  })
})

describe('targets', () => {
  it('names the target and links to the public pages that exist', () => {
    expect(targetLabel('listing', 12)).toBe('Anúncio #12')
    expect(targetLabel('user', 3)).toBe('Usuário #3')
    expect(targetLabel('report', 5)).toBe('Denúncia #5')
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

/** The action codes the server's code writes to the log, read from the source rather than the vocabulary. */
function actionsWrittenByServer(): Set<string> {
  const found = new Set<string>()
  const read = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) read(path)
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const source = readFileSync(path, 'utf8')
        // logStaffAct writes a staff member's act through logModeration.
        if (!/\blog(Moderation|StaffAct)\b/.test(source)) continue
        // `actionType: 'approve_user'`, or a choice of codes: `actionType: approve ? 'a' : 'b'`.
        for (const [, expression] of source.matchAll(/actionType:\s*([^,\n]+)/g)) {
          for (const [, code] of (expression ?? '').matchAll(/'([a-z_]+)'/g)) found.add(code ?? '')
        }
        // A local helper around logModeration: `log('warn_user', 'user', id)`.
        for (const [, code] of source.matchAll(/\blog\(\s*'([a-z_]+)'/g)) found.add(code ?? '')
      }
    }
  }
  read(join(import.meta.dirname, '../../../server'))
  return found
}

describe('the moderation vocabulary', () => {
  const written = actionsWrittenByServer()

  it('is found in the server code, through both ways of writing a line', () => {
    for (const code of ['approve_user', 'reject_event', 'delete_account', 'warn_user', 'dismiss_report']) {
      expect(written).toContain(code)
    }
  })

  it('has a pt-BR label for every action the server writes', () => {
    for (const code of written) {
      expect(MODERATION_ACTIONS, code).toContain(code)
      const label = actionLabel(code)
      expect(label.trim(), code).not.toBe('')
      expect(label, code).not.toBe(code)
      expect(label, code).not.toMatch(/^Ação:|_/)
    }
  })

  it('gives each action its own label', () => {
    const labels = MODERATION_ACTIONS.map((code) => MODERATION_ACTION_LABELS[code])
    expect(new Set(labels).size).toBe(MODERATION_ACTIONS.length)
  })
})
