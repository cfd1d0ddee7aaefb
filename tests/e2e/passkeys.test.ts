import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemberOnServer, enrolTwoFactor, type ServerMember, signIn } from './support/accounts'
import { launchBrowser, newDesktopContext } from './support/browser'
import { ADMIN, freePort, type RunningServer, startServer } from './support/server'

// A passkey is bound to a domain, and an IP address is not one: this server's public address is
// localhost (PUBLIC_URL, where the relying party comes from), and the browser opens it by that name.
let server: RunningServer
let browser: Browser
let baseURL: string
let student: ServerMember

beforeAll(async () => {
  const port = await freePort()
  baseURL = `http://localhost:${port}`
  ;[server, browser] = await Promise.all([startServer({ PUBLIC_URL: baseURL }, { port }), launchBrowser()])
  student = await createMemberOnServer(server.dataDir, 'Lia Passos')
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/**
 * A page with Chromium's virtual authenticator, as a phone's passkey would answer: it keeps the
 * passkeys it creates (resident) and reports the person verified, without a prompt to click.
 */
async function pageWithAuthenticator(): Promise<{
  context: BrowserContext
  page: Page
  credentials: () => Promise<{ isResidentCredential: boolean; signCount: number }[]>
}> {
  const context = await newDesktopContext(browser, baseURL)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials
  return { context, page, credentials }
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Menu da conta' }).click()
  await page.getByRole('menuitem', { name: 'Sair' }).click()
  await page.getByRole('link', { name: 'Entrar / Criar Conta' }).waitFor()
}

async function addPasskey(page: Page, name: string) {
  await page.goto('/univille/minha-conta/seguranca')
  await page.getByText('Nenhuma chave de acesso cadastrada.').waitFor()
  await page.getByRole('button', { name: 'Adicionar chave de acesso' }).click()
  await page.getByLabel('Nome da chave').fill(name)
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByText('Chave de acesso adicionada!').waitFor()
  const list = page.getByRole('list', { name: 'Suas chaves de acesso' })
  await list.getByText(name, { exact: true }).waitFor()
  await list.getByText('Ainda não usada para entrar').waitFor()
}

/**
 * Where the browser offers passkeys in the e-mail field's autofill, the page waits for one from the
 * start; the virtual authenticator answers that wait at once, as a person picking the suggestion would.
 * Without autofill (this script hides it, as in browsers that lack it) the button is the way in.
 */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    window.PublicKeyCredential.isConditionalMediationAvailable = async () => false
  })
}

async function signInWithPasskeyButton(page: Page) {
  await page.goto('/univille/auth')
  await page.getByRole('button', { name: 'Entrar com chave de acesso' }).click()
  await page.getByText('Login realizado! Vupt! 🎉').waitFor()
}

describe('chaves de acesso', () => {
  it('cadastra → sai → entra com a chave → remove → a chave não entra mais', async () => {
    const { context, page, credentials } = await pageWithAuthenticator()
    await page.goto('/univille/auth')
    await signIn(page, student.email, student.password)

    await addPasskey(page, 'Notebook da Lia')
    // The device keeps it, so it can be offered without the e-mail being typed.
    expect(await credentials()).toEqual([expect.objectContaining({ isResidentCredential: true })])

    await signOut(page)
    // The autofill's wait is answered: signed in without touching a field.
    await page.goto('/univille/auth')
    await page.getByText('Login realizado! Vupt! 🎉').waitFor()
    await page.waitForURL('**/univille')

    await page.goto('/univille/minha-conta/seguranca')
    const list = page.getByRole('list', { name: 'Suas chaves de acesso' })
    await list.getByText('Último uso:').waitFor()
    await page.getByRole('button', { name: 'Remover a chave de acesso Notebook da Lia' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click()
    await page.getByText('Chave de acesso removida').waitFor()
    await page.getByText('Nenhuma chave de acesso cadastrada.').waitFor()

    // The device still offers it; the server no longer knows it.
    await signOut(page)
    await withoutAutofill(page)
    await page.goto('/univille/auth')
    await page.getByRole('button', { name: 'Entrar com chave de acesso' }).click()
    await page.getByText('Chave de acesso não reconhecida').waitFor()
    await context.close()
  })

  it('o administrador que entra com a chave chega ao painel sem o código do app', async () => {
    const totpKey = enrolTwoFactor(server.dataDir, ADMIN.email)
    const { context, page } = await pageWithAuthenticator()
    await withoutAutofill(page)
    await page.goto('/univille/auth')
    await signIn(page, ADMIN.email, ADMIN.password, totpKey)
    await addPasskey(page, 'Chave do admin')
    await signOut(page)

    await signInWithPasskeyButton(page)
    await page.goto('/univille/admin/usuarios')
    await page.getByRole('heading', { name: 'Usuários', level: 1 }).waitFor()
    await page.getByText(student.fullName).first().waitFor()
    expect(await page.getByLabel('Código de verificação').count()).toBe(0)
    expect(await page.getByText('Erro ao carregar usuários').count()).toBe(0)
    await context.close()
  })
})
