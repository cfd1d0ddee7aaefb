import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createListing } from '../../server/db/factories'
import { subcategories } from '../../server/db/schema'
import { setUpMembers, signIn } from './support/accounts'
import { withServerDatabase } from './support/database'
import { setUpStage } from './support/stage'

const stage = setUpStage()
const members = setUpMembers(stage, { buyer: 'Ana Lima', seller: 'Bruno Dias' })
let listingId: number

beforeAll(async () => {
  listingId = await withServerDatabase(stage.server.dataDir, (db) => {
    const sub = db.select().from(subcategories).where(eq(subcategories.name, 'Livros e apostilas')).get()
    return createListing(db, {
      sellerId: members.seller.id,
      title: 'Livro de Física Básica',
      description: 'Halliday volume 1, poucas marcações.',
      priceCents: 8000,
      subcategoryId: sub?.id,
    })
  })
})

const messagesOn = (page: Page) => page.getByRole('list', { name: 'Mensagens' })

describe('chat em tempo real', () => {
  it('A envia, B recebe sem recarregar, vê o contador, lê; A vê "Lida"; digitação; mensagem durante a queda chega', async () => {
    const { context: aContext, page: a } = await stage.signedInPage(members.buyer)
    // A's sends travel over the open WebSocket, not as HTTP requests of their own.
    const sendsOverHttp: string[] = []
    const sendsOverSocket: string[] = []
    a.on('request', (request) => {
      if (/\/api\/trpc\/[^?]*chat\.send/.test(request.url())) sendsOverHttp.push(request.url())
    })
    a.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        if (String(payload).includes('"chat.send"')) sendsOverSocket.push(String(payload))
      }),
    )

    const bContext = await stage.desktopContext()
    const b = await bContext.newPage()
    // B's WebSocket goes through a relay the test can cut; offline, B's reconnect attempts fail
    // the way they do on a phone that lost signal.
    const open: { close: () => Promise<void> }[] = []
    await b.routeWebSocket('**/api/ws', (socket) => {
      const upstream = socket.connectToServer()
      open.push({ close: async () => Promise.all([socket.close(), upstream.close()]).then(() => undefined) })
    })
    const bDropsConnection = async () => {
      await bContext.setOffline(true)
      await Promise.all(open.splice(0).map((connection) => connection.close()))
    }
    const bConnectionRestored = () => bContext.setOffline(false)
    await b.goto('/univille/auth')
    await signIn(b, members.seller.email, members.seller.password)
    await b.goto('/univille/portal')

    // A starts the conversation from the listing.
    await a.goto(`/univille/produto/${listingId}`)
    await a.getByRole('link', { name: 'Enviar mensagem' }).click()
    await a.waitForURL(/\/chat\/\d+(\?negocio=\d+)?$/)
    const threadPath = new URL(a.url()).pathname
    await a
      .getByRole('link', { name: /Livro de Física Básica/ })
      .first()
      .waitFor()

    const composer = a.getByLabel('Mensagem', { exact: true })
    // A sends from the composer, and the message shows in A's own thread.
    const send = async (text: string) => {
      await composer.fill(text)
      await a.getByRole('button', { name: 'Enviar', exact: true }).click()
      await messagesOn(a).getByText(text).waitFor()
    }
    await send('Oi, Bruno! O livro ainda está disponível?')

    // B, on another page, gets the toast, the badge and the title without reloading.
    await b.getByText('Nova mensagem!').waitFor()
    await expect.poll(() => b.title()).toMatch(/^\(1\) /)
    await b.getByRole('button', { name: 'Menu da conta' }).click()
    await b.getByRole('menuitem', { name: 'Mensagens, 1 não lida' }).click()
    await b.waitForURL(/\/chat$/)
    await b.getByRole('link', { name: /Ana Lima/ }).click()
    await messagesOn(b).getByText('Oi, Bruno! O livro ainda está disponível?').waitFor()
    await expect.poll(() => b.title()).not.toMatch(/^\(\d+\) /)

    // A sees that B read it.
    await a.getByText('Lida', { exact: true }).waitFor()

    // Typing shows on B while A types, and clears when A sends.
    await composer.pressSequentially('Posso buscar hoje', { delay: 30 })
    await b.getByText('está digitando...').waitFor()
    await a.getByRole('button', { name: 'Enviar', exact: true }).click()
    await messagesOn(b).getByText('Posso buscar hoje').waitFor()
    await expect.poll(() => b.getByText('está digitando...').count()).toBe(0)

    // B's connection drops and stays down while A sends; when it is back, the message is there.
    await bDropsConnection()
    await send('Mandei enquanto sua conexão estava caída')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await messagesOn(b).getByText('Mandei enquanto sua conexão estava caída').count()).toBe(0)
    await bConnectionRestored()
    await messagesOn(b).getByText('Mandei enquanto sua conexão estava caída').waitFor({ timeout: 30_000 })
    expect(new URL(b.url()).pathname).toBe(threadPath)
    expect(sendsOverHttp).toEqual([])
    expect(sendsOverSocket).toHaveLength(3)

    await aContext.close()
    await bContext.close()
  })
})
