import { describe, expect, it } from 'vitest'
import {
  EXPORT_FILE_NAME,
  exportFileContent,
  googleFlowHref,
  isReauthRequired,
  normalizeTwoFactorCode,
  readGoogleOutcome,
  recoveryCodesLeftLabel,
  recoveryCodesText,
  withoutGoogleOutcome,
} from './account-helpers'

const trpcError = (message: string, data: Record<string, unknown>) => ({ message, data })

describe('isReauthRequired', () => {
  it('is true only for the server app code REAUTH_REQUIRED', () => {
    expect(
      isReauthRequired(trpcError('Confirme sua senha', { appCode: 'REAUTH_REQUIRED', httpStatus: 403 })),
    ).toBe(true)
    expect(isReauthRequired(null)).toBe(false)
    expect(isReauthRequired(new Error('boom'))).toBe(false)
    expect(isReauthRequired(trpcError('x', { appCode: 'WRONG_PASSWORD' }))).toBe(false)
  })
})

describe('normalizeTwoFactorCode', () => {
  it('drops the spaces people type or paste', () => {
    expect(normalizeTwoFactorCode(' 123 456 ')).toBe('123456')
    expect(normalizeTwoFactorCode('k3m9 x2qa\t7hvd')).toBe('k3m9x2qa7hvd')
    expect(normalizeTwoFactorCode('k3m9-x2qa-7hvd')).toBe('k3m9-x2qa-7hvd')
  })
})

describe('Google flow', () => {
  it('builds the link and reauthentication addresses', () => {
    const href = googleFlowHref('link', '/minha-conta/seguranca')
    const url = new URL(href, 'https://vupt.app')
    expect(url.pathname).toBe('/auth/google')
    expect(url.searchParams.get('mode')).toBe('link')
    expect(url.searchParams.get('from')).toBe('/minha-conta/seguranca')
    expect(
      new URL(
        googleFlowHref('reauth', '/univille/minha-conta/seguranca'),
        'https://vupt.app',
      ).searchParams.get('from'),
    ).toBe('/univille/minha-conta/seguranca')
  })

  it('reads only the outcomes the server sends', () => {
    expect(readGoogleOutcome('?google=vinculado')).toBe('vinculado')
    expect(readGoogleOutcome('google=confirmado')).toBe('confirmado')
    expect(readGoogleOutcome('?a=1&google=erro')).toBe('erro')
    expect(readGoogleOutcome('?google=outra-coisa')).toBeNull()
    expect(readGoogleOutcome('')).toBeNull()
  })

  it('removes the outcome from the address, keeping the rest', () => {
    expect(withoutGoogleOutcome('google=vinculado')).toBe('')
    expect(withoutGoogleOutcome('?aba=2&google=erro')).toBe('?aba=2')
  })
})

describe('recoveryCodesLeftLabel', () => {
  it('pluralises in Portuguese', () => {
    expect(recoveryCodesLeftLabel(0)).toBe('Nenhum código de recuperação restante')
    expect(recoveryCodesLeftLabel(1)).toBe('1 código de recuperação restante')
    expect(recoveryCodesLeftLabel(10)).toBe('10 códigos de recuperação restantes')
  })
})

describe('files', () => {
  it('writes the recovery codes one a line, with whose they are', () => {
    const text = recoveryCodesText(['aaaa-bbbb-cccc', 'dddd-eeee-ffff'], {
      email: 'ana@univille.br',
      generatedAt: new Date('2025-03-20T15:00:00Z'),
      timeZone: 'America/Sao_Paulo',
    })
    const lines = text.split('\n')
    expect(lines).toContain('Conta: ana@univille.br')
    expect(lines).toContain('Gerados em: 20/03/2025, 12:00')
    expect(lines.slice(-3)).toEqual(['aaaa-bbbb-cccc', 'dddd-eeee-ffff', ''])
  })

  it('exports readable JSON that parses back to the data', () => {
    const data = { account: { email: 'ana@univille.br' }, listings: [] }
    const content = exportFileContent(data)
    expect(JSON.parse(content)).toEqual(data)
    expect(content).toContain('\n  "account"')
    expect(EXPORT_FILE_NAME).toBe('meus-dados-vupt.json')
  })
})
