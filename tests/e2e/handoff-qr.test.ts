import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { renderSVG } from 'uqr'
import { afterAll, describe, expect, it } from 'vitest'
import { createEvent } from '../../server/db/factories'
import { eventAttendees, events, eventTickets, meetingSpots, meetings } from '../../server/db/schema'
import { ticketQrPayload } from '../../shared/event-tickets'
import { decodeQrSvg } from '../support/qr'
import { signIn } from './support/accounts'
import { signedInPage } from './support/browser'
import { withServerDatabase } from './support/database'
import { type DealOnServer, meetingRegion, setUpDeal } from './support/deals'
import { launchWithCamera, writeQrVideo } from './support/fake-camera'
import { setUpStage } from './support/stage'

const stage = setUpStage()
const SPOT = { name: 'Hall da biblioteca', description: 'Biblioteca central, térreo' }
const byLink = setUpDeal(
  stage,
  { buyer: 'Bianca Moraes', seller: 'Caio Ferraz' },
  { title: 'Calculadora HP 12c', priceCents: 25_000 },
  SPOT,
)
const byCamera = setUpDeal(
  stage,
  { buyer: 'Davi Nogueira', seller: 'Elisa Prado' },
  { title: 'Jaleco tamanho M', priceCents: 6_000 },
)

const scratch = mkdtempSync(join(tmpdir(), 'vupt-camera-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A meeting agreed half an hour from now at the spot, in the deal's conversation. */
async function agreedMeeting(deal: DealOnServer): Promise<number> {
  return withServerDatabase(stage.server.dataDir, (db) => {
    const spot = db.select().from(meetingSpots).where(eq(meetingSpots.name, SPOT.name)).get()
    if (!spot) throw new Error('sem ponto de encontro')
    const scheduledAt = new Date(Date.now() + 30 * 60 * 1000)
    return db
      .insert(meetings)
      .values({
        conversationId: deal.conversationId,
        listingId: deal.listingId,
        sellerId: deal.seller.id,
        buyerId: deal.buyer.id,
        spotId: spot.id,
        proposedById: deal.buyer.id,
        proposedTimes: [scheduledAt.getTime()],
        status: 'combinada',
        scheduledAt,
      })
      .returning({ id: meetings.id })
      .get().id
  })
}

/** The seller opens the meeting's page and "Mostrar código da entrega": the code and the QR code drawn. */
async function sellerShowsCode(
  deal: DealOnServer,
  meetingId: number,
): Promise<{ code: string; svg: string }> {
  const { context, page } = await stage.signedInPage(deal.seller)
  await page.goto(`/univille/entregas/${meetingId}`)
  await page.getByRole('button', { name: 'Mostrar código da entrega' }).click()
  const dialog = page.getByRole('dialog', { name: 'Código da entrega' })
  const shown = (await dialog.getByTestId('handoff-code').textContent())?.trim() ?? ''
  const src = (await dialog.getByRole('img', { name: /^QR code/ }).getAttribute('src')) ?? ''
  await context.close()
  const prefix = 'data:image/svg+xml;utf8,'
  expect(src.startsWith(prefix)).toBe(true)
  return { code: shown.replace('-', ''), svg: decodeURIComponent(src.slice(prefix.length)) }
}

const meetingStatus = (meetingId: number) =>
  withServerDatabase(
    stage.server.dataDir,
    (db) =>
      db.select({ status: meetings.status }).from(meetings).where(eq(meetings.id, meetingId)).get()?.status,
  )

describe('o QR code da entrega, lido por qualquer celular', () => {
  it('o link do QR code desenhado leva quem compra, sem sessão, a entrar e voltar à entrega com o código preenchido, e confirma', async () => {
    const deal = byLink
    const meetingId = await agreedMeeting(deal)
    const { code, svg } = await sellerShowsCode(deal, meetingId)
    // What a phone's camera app reads: the meeting's page, with the code only after '#'.
    const link = await decodeQrSvg(svg)
    expect(link).toBe(`${stage.server.url}/univille/entregas/${meetingId}#codigo=${code}`)

    const context = await stage.phoneContext()
    const page = await context.newPage()
    await page.goto(link)
    await page.getByLabel('Senha').waitFor()
    expect(new URL(page.url()).pathname).toBe('/univille/auth')
    // The sign-in page remembers where to return without the code in any address.
    expect(page.url()).not.toContain(code)
    await signIn(page, deal.buyer.email, deal.buyer.password)
    await page.waitForURL(`**/univille/entregas/${meetingId}`)
    const field = page.getByLabel('Código da entrega')
    await expect.poll(() => field.inputValue()).toBe(`${code.slice(0, 3)}-${code.slice(3)}`)
    await page.getByRole('button', { name: 'Confirmar entrega' }).click()
    await page.getByText('Entrega confirmada', { exact: false }).first().waitFor()
    await page.getByRole('link', { name: 'Avaliar a entrega' }).waitFor()
    expect(await meetingStatus(meetingId)).toBe('confirmada')
    await context.close()
  }, 120_000)

  it('sem BarcodeDetector, a câmera do Vupt lê o QR code com o leitor baixado na hora e confirma a entrega', async () => {
    const deal = byCamera
    const meetingId = await agreedMeeting(deal)
    const { svg } = await sellerShowsCode(deal, meetingId)
    const video = join(scratch, 'qr.y4m')
    await writeQrVideo(svg, video)
    const browser = await launchWithCamera(video)
    try {
      const { context, page } = await signedInPage(browser, stage.server.url, deal.buyer)
      // As in Safari and Firefox: no BarcodeDetector, on every page this context opens.
      await context.addInitScript(() => {
        delete (window as { BarcodeDetector?: unknown }).BarcodeDetector
      })
      const downloads: string[] = []
      page.on('request', (request) => downloads.push(request.url()))
      await page.goto(`/univille/chat/${deal.conversationId}`)
      expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false)
      expect(downloads.filter((url) => url.includes('canvas-qr-detector'))).toEqual([])

      await meetingRegion(page).getByRole('button', { name: 'Confirmar entrega' }).click()
      const dialog = page.getByRole('dialog', { name: 'Confirmar a entrega' })
      await dialog.getByRole('button', { name: 'Ler QR code com a câmera' }).click()
      await meetingRegion(page).getByText('Entrega confirmada').waitFor()
      expect(downloads.filter((url) => url.includes('canvas-qr-detector'))).toHaveLength(1)
      expect(await meetingStatus(meetingId)).toBe('confirmada')
      await context.close()
    } finally {
      await browser.close()
    }
  }, 120_000)

  it('o mesmo leitor, sem BarcodeDetector, registra a entrada de um ingresso no check-in do evento', async () => {
    const organizer = byCamera.seller
    const guest = byLink.buyer
    const eventId = await withServerDatabase(stage.server.dataDir, (db) => {
      const id = createEvent(db, { organizerId: organizer.id, title: 'Noite de Jogos', status: 'aprovado' })
      db.insert(eventAttendees).values({ eventId: id, userId: guest.id }).run()
      db.insert(eventTickets).values({ eventId: id, userId: guest.id, code: 'JOGO2345' }).run()
      db.update(events).set({ attendeesCount: 1 }).where(eq(events.id, id)).run()
      return id
    })
    const video = join(scratch, 'ingresso.y4m')
    await writeQrVideo(renderSVG(ticketQrPayload(eventId, 'JOGO2345')), video)
    const browser = await launchWithCamera(video)
    try {
      const { context, page } = await signedInPage(browser, stage.server.url, organizer)
      await context.addInitScript(() => {
        delete (window as { BarcodeDetector?: unknown }).BarcodeDetector
      })
      await page.goto(`/univille/evento/${eventId}/check-in`)
      await page.getByRole('button', { name: 'Ler QR code com a câmera' }).click()
      await page.getByText(`Entrada registrada: ${guest.fullName}`).waitFor()
      await page.getByText('1 de 1').waitFor()
      await context.close()
    } finally {
      await browser.close()
    }
  }, 120_000)
})
