import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConversation, createListing } from '../../server/db/factories'
import type { PushPayload } from '../../shared/push'
import { type LocalPushService, startPushService } from '../support/push-service'
import { setUpMembers, signIn } from './support/accounts'
import { waitForHydration } from './support/browser'
import { withServerDatabase } from './support/database'
import { setUpStage } from './support/stage'

let pushService: LocalPushService
beforeAll(async () => {
  pushService = await startPushService()
})
afterAll(() => pushService.close())

// The server may post to the local push service (http, on the loopback) and nowhere else unusual.
const stage = setUpStage({ env: () => ({ PUSH_ENDPOINT_ORIGINS_ALLOWED: pushService.origin }) })
const members = setUpMembers(stage, { buyer: 'Ana Lima', seller: 'Bruno Dias' })
let conversationId: number

beforeAll(async () => {
  conversationId = await withServerDatabase(stage.server.dataDir, (db) => {
    const listingId = createListing(db, { sellerId: members.seller.id, title: 'Bicicleta aro 29' })
    return createConversation(db, members.buyer.id, members.seller.id, listingId)
  })
})

/**
 * Headless Chromium has no push service: `pushManager.subscribe` answers with a subscription whose
 * endpoint is the local push service and whose keys the test holds, so it can decrypt what the server
 * sends. Everything else (the permission prompt, the service worker, showing the notification) is the
 * browser's own. Also counts the permission prompts asked for.
 */
async function withLocalPushService(
  context: BrowserContext,
  subscription: { endpoint: string; keys: object },
) {
  await context.addInitScript((fake) => {
    const w = window as unknown as { permissionAsks: number }
    w.permissionAsks = 0
    const ask = Notification.requestPermission.bind(Notification)
    Notification.requestPermission = (...args) => {
      w.permissionAsks += 1
      return ask(...args)
    }
    const made = () => ({
      endpoint: fake.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({ endpoint: fake.endpoint, expirationTime: null, keys: fake.keys }),
      unsubscribe: async () => {
        localStorage.removeItem('test-push-subscribed')
        return true
      },
    })
    PushManager.prototype.subscribe = async function subscribe() {
      localStorage.setItem('test-push-subscribed', '1')
      return made() as unknown as PushSubscription
    }
    PushManager.prototype.getSubscription = async function getSubscription() {
      return localStorage.getItem('test-push-subscribed') ? (made() as unknown as PushSubscription) : null
    }
  }, subscription)
}

/** The buyer writes in the conversation, through the API as their page would. */
async function buyerSends(page: Page, content: string) {
  const response = await page.request.post(`/univille/api/trpc/chat.send`, {
    data: { conversationId, content, photos: [] },
    headers: { origin: stage.server.url },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/** The push service has received `count` pushes; their decrypted payloads. */
async function pushesReceived(count: number): Promise<PushPayload[]> {
  await expect.poll(() => pushService.received.length, { timeout: 15_000 }).toBe(count)
  expect(pushService.failures).toEqual([])
  return pushService.received.map((push) => push.payload as PushPayload)
}

describe('Web Push', () => {
  it('ativa com um toque, recebe a mensagem com o app fechado na conversa e o toque abre a conversa', async () => {
    const browser = pushService.browser()
    const { context, page: seller } = await stage.signedInPage(members.seller)
    await context.grantPermissions(['notifications'], { origin: stage.server.url })
    await withLocalPushService(context, { endpoint: browser.endpoint, keys: browser.keys })
    await seller.goto('/univille/minha-conta')
    await seller.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 20_000,
    })

    const section = seller.getByRole('region', { name: 'Notificações' })
    const turnOn = section.getByRole('button', { name: 'Ativar notificações neste aparelho' })
    await turnOn.waitFor()
    // Nothing asks for permission until the member taps.
    expect(
      await seller.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks),
    ).toBe(0)
    await turnOn.click()
    await section.getByRole('button', { name: 'Desativar neste aparelho' }).waitFor()
    expect(
      await seller.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks),
    ).toBe(1)
    await section.getByText(/· este aparelho/).waitFor()
    // Message text on the lock screen is the member's choice.
    await section.getByRole('checkbox', { name: 'Mostrar prévia: Novas mensagens no chat' }).click()
    await expect
      .poll(() =>
        section.getByRole('checkbox', { name: 'Mostrar prévia: Novas mensagens no chat' }).isChecked(),
      )
      .toBe(true)

    const { page: buyer } = await stage.signedInPage(members.buyer, { device: 'desktop' })
    await buyerSends(buyer, 'Oi! A bicicleta ainda está à venda?')
    const [payload] = await pushesReceived(1)
    expect(payload).toMatchObject({
      title: 'Nova mensagem de Ana Lima',
      body: 'Oi! A bicicleta ainda está à venda?',
      url: `/univille/chat/${conversationId}`,
      tag: `chat-${conversationId}`,
    })
    expect(pushService.received[0]?.headers.topic).toBe(`chat-${conversationId}`)

    // The push service hands the push to the browser: the real service worker shows it.
    const cdp = await context.newCDPSession(seller)
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${stage.server.url}/`)
        if (ours && !ours.isDeleted) resolve(ours.registrationId)
      }),
    )
    await cdp.send('ServiceWorker.enable')
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: stage.server.url,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    })
    const shownNotifications = () =>
      seller.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
          title: shown.title,
          body: shown.body,
          tag: shown.tag,
          data: shown.data as unknown,
        })),
      )
    await expect.poll(shownNotifications, { timeout: 10_000 }).toEqual([
      {
        title: 'Nova mensagem de Ana Lima',
        body: 'Oi! A bicicleta ainda está à venda?',
        tag: `chat-${conversationId}`,
        data: { url: `/univille/chat/${conversationId}` },
      },
    ])

    // The tap: the service worker's notificationclick takes the open Vupt tab to the conversation.
    // The thread tells the server it is open (chat.viewing) once its WebSocket is up.
    const threadOpen = new Promise<void>((resolve) =>
      seller.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes('"open":true')) resolve()
        }),
      ),
    )
    const [worker] = context.serviceWorkers()
    if (!worker) throw new Error('o service worker não está rodando')
    await worker.evaluate(async () => {
      type WorkerScope = {
        registration: ServiceWorkerRegistration
        dispatchEvent(event: Event): boolean
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event
      }
      const scope = self as unknown as WorkerScope
      const [shown] = await scope.registration.getNotifications()
      if (shown)
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown }))
    })
    await seller.waitForURL(`**/univille/chat/${conversationId}`)
    await seller
      .getByRole('list', { name: 'Mensagens' })
      .getByText('Oi! A bicicleta ainda está à venda?')
      .waitFor()
    await expect.poll(shownNotifications).toEqual([])

    // With the conversation open, new messages of it do not push; once the seller leaves, they do again.
    await threadOpen
    await buyerSends(buyer, 'Posso buscar hoje às 18h?')
    await seller.getByRole('list', { name: 'Mensagens' }).getByText('Posso buscar hoje às 18h?').waitFor()
    await seller.goto('/univille/portal')
    await buyerSends(buyer, 'Estou no bloco A')
    const bodies = (await pushesReceived(2)).map((push) => push.body)
    expect(bodies).toEqual(['Oi! A bicicleta ainda está à venda?', 'Estou no bloco A'])
  })

  it('no iPhone sem o app instalado, mostra como adicionar à Tela de Início em vez do botão', async () => {
    const iphone = await stage.browser.newContext({
      baseURL: stage.server.url,
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
      hasTouch: true,
      isMobile: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    })
    try {
      const page = await iphone.newPage()
      await page.goto('/univille/auth')
      await waitForHydration(page)
      await signIn(page, members.buyer.email, members.buyer.password)
      await page.goto('/univille/minha-conta')
      await waitForHydration(page)
      const section = page.getByRole('region', { name: 'Notificações' })
      await section.getByText('Adicionar à Tela de Início', { exact: false }).waitFor()
      expect(await section.getByRole('button', { name: 'Ativar notificações neste aparelho' }).count()).toBe(
        0,
      )
    } finally {
      await iphone.close()
    }
  })
})
