/**
 * Tokens from e-mail links, attacked the way a stranger can: through the real HTTP routes, with a
 * sealed token whose authentication tag is cut short, and with a loop of guesses from one address.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { unsubscribeUrl } from '../../server/notifications/unsubscribe'
import { browserHeaders, type RunningApp, startHttpApp } from '../support/http'
import { createMember, setUpTestWorld, type TestMember } from '../support/test-app'

const world = setUpTestWorld()
let app: RunningApp

beforeEach(async () => {
  // One proxy in front, as in production: the client address is read from X-Forwarded-For.
  app = await startHttpApp(world.services, { trustProxy: 1 })
})
afterEach(() => app.close())

/** Link checks allowed per address in the limiter's window. */
const LIMIT = 100
const RATE_LIMITED = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.'

/** The path and query of a member's real unsubscribe link, to be opened on the test server. */
function unsubscribeLink(userId: number): string {
  const link = new URL(unsubscribeUrl(world.services, userId, 'listing_removed'))
  return `${link.pathname}${link.search}`
}

/** The same link with the token's authentication tag cut to its first `bytes` bytes. */
function withShortTag(path: string, bytes: number): string {
  const url = new URL(path, 'http://x')
  const [version, iv, tag, data] = (url.searchParams.get('token') ?? '').split('.')
  const short = Buffer.from(tag ?? '', 'base64url')
    .subarray(0, bytes)
    .toString('base64url')
  url.searchParams.set('token', [version, iv, short, data].join('.'))
  return `${url.pathname}${url.search}`
}

/** Whether the member still gets the e-mail the links are about, as their own settings show it. */
async function stillMailed(member: TestMember): Promise<boolean | undefined> {
  const preferences = await member.caller.notifications.emailPreferences()
  return preferences.find((preference) => preference.kind === 'listing_removed')?.enabled
}

const fromAddress = (ip: string) => ({ 'x-forwarded-for': ip })

function openPage(path: string, ip: string, method: 'GET' | 'POST' = 'GET') {
  return fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...fromAddress(ip),
      accept: 'text/html',
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
  })
}

async function callProcedure(path: string, input: unknown, ip: string) {
  const response = await fetch(`${app.url}/api/trpc/${path}`, {
    method: 'POST',
    headers: { ...browserHeaders(app.url), ...fromAddress(ip), 'content-type': 'application/json' },
    body: JSON.stringify(input),
  })
  const json = (await response.json()) as { error?: { message?: string; data?: { appCode?: string } } }
  return { status: response.status, message: json.error?.message, appCode: json.error?.data?.appCode }
}

describe('um token de descadastro com a etiqueta encurtada', () => {
  it('é recusado pela página e pelo clique, e ninguém é descadastrado', async () => {
    const member = await createMember(world)
    const real = unsubscribeLink(member.id)
    const forged = withShortTag(real, 4)
    expect(forged).not.toBe(real)

    const page = await openPage(forged, '203.0.113.1')
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('Link inválido')
    const click = await openPage(forged, '203.0.113.1', 'POST')
    expect(click.status).toBe(400)
    expect(await stillMailed(member)).toBe(true)

    // The whole token still works.
    expect((await openPage(real, '203.0.113.1', 'POST')).status).toBe(200)
    expect(await stillMailed(member)).toBe(false)
  })
})

describe('tokens de links conferidos em rajada', () => {
  const forgedToken = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA'

  it('a página de descadastro recusa com 429 depois do limite, e outro endereço continua passando', async () => {
    const member = await createMember(world)
    const forged = `/descadastrar?token=${forgedToken}`
    for (let i = 0; i < LIMIT; i++) {
      expect((await openPage(forged, '203.0.113.7', i % 2 ? 'POST' : 'GET')).status).toBe(400)
    }
    const refused = await openPage(forged, '203.0.113.7')
    expect(refused.status).toBe(429)
    expect(await refused.text()).toContain(RATE_LIMITED)
    // Refused before reading the token: the address's real link waits too.
    expect((await openPage(unsubscribeLink(member.id), '203.0.113.7', 'POST')).status).toBe(429)
    expect(await stillMailed(member)).toBe(true)

    const elsewhere = await openPage(unsubscribeLink(member.id), '198.51.100.9', 'POST')
    expect(elsewhere.status).toBe(200)
    expect(await stillMailed(member)).toBe(false)
    expect((await openPage(forged, '198.51.100.9')).status).toBe(400)
  })

  it.each([
    ['auth.verifyEmail', { token: 'x'.repeat(43), password: 'uma-senha-qualquer' }],
    ['auth.claimAccount', { token: 'x'.repeat(43), password: 'uma-senha-nova-forte' }],
    ['auth.resetPassword', { token: 'x'.repeat(43), password: 'uma-senha-nova-forte' }],
    ['account.confirmEmailChange', { token: 'x'.repeat(43), password: 'uma-senha-qualquer' }],
    ['semesters.confirm', { token: 'x'.repeat(43) }],
  ])('%s recusa com 429 depois do limite, e outro endereço continua passando', async (path, input) => {
    for (let i = 0; i < LIMIT; i++) {
      expect(await callProcedure(path, input, '203.0.113.7')).toMatchObject({
        status: 400,
        appCode: 'INVALID_TOKEN',
      })
    }
    expect(await callProcedure(path, input, '203.0.113.7')).toMatchObject({
      status: 429,
      message: RATE_LIMITED,
    })
    expect(await callProcedure(path, input, '198.51.100.9')).toMatchObject({
      status: 400,
      appCode: 'INVALID_TOKEN',
    })
  })

  it('as rotas dividem o mesmo limite do endereço', async () => {
    const input = { token: 'x'.repeat(43), password: 'uma-senha-nova-forte' }
    for (let i = 0; i < LIMIT; i++) {
      const status =
        i % 2
          ? (await callProcedure('auth.resetPassword', input, '203.0.113.8')).status
          : (await openPage(`/descadastrar?token=${forgedToken}`, '203.0.113.8')).status
      expect(status).toBe(400)
    }
    expect((await callProcedure('auth.verifyEmail', input, '203.0.113.8')).status).toBe(429)
    expect((await openPage(`/descadastrar?token=${forgedToken}`, '203.0.113.8')).status).toBe(429)
  })
})
