import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { beforeAll } from 'vitest'
import type { Database } from '../../../server/db/client'
import { createConversation, createListing } from '../../../server/db/factories'
import { communities, meetingSpots } from '../../../server/db/schema'
import { createMemberOnServer, type ServerMember } from './accounts'
import { withServerDatabase } from './database'
import type { Stage } from './stage'

/** A Univille meeting spot open every day and hour, so a test that proposes a meeting passes whenever it runs. */
export function createAlwaysOpenSpot(db: Database, name: string, description: string): void {
  const community = db.select().from(communities).where(eq(communities.slug, 'univille')).get()
  if (!community) throw new Error('sem comunidade')
  db.insert(meetingSpots)
    .values({
      communityId: community.id,
      name,
      description,
      opensAt: '00:00',
      closesAt: '23:59',
      weekdays: 127,
    })
    .run()
}

/** A time `minutes` ahead, rounded up to five minutes, as São Paulo's date and clock fields show it. */
export function aheadInSaoPaulo(minutes: number): { date: string; time: string } {
  const step = 5 * 60 * 1000
  const at = new Date(Math.ceil((Date.now() + minutes * 60 * 1000) / step) * step)
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at)
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at)
  return { date, time }
}

/** The conversation's pinned meeting area. */
export const meetingRegion = (page: Page) => page.getByRole('region', { name: 'Entrega' })

export type DealOnServer = {
  buyer: ServerMember
  seller: ServerMember
  listingId: number
  conversationId: number
}

/**
 * For the file's tests: a buyer and a seller, members on the stage's server, and the buyer's
 * conversation about the seller's listing; with `spot`, an always-open meeting spot too. The hook
 * sets the fields: read them in hooks and tests.
 */
export function setUpDeal(
  stage: Stage,
  names: { buyer: string; seller: string },
  listing: { title: string; priceCents: number },
  spot?: { name: string; description: string },
): DealOnServer {
  const deal = {} as DealOnServer
  beforeAll(async () => {
    deal.buyer = await createMemberOnServer(stage.server.dataDir, names.buyer)
    deal.seller = await createMemberOnServer(stage.server.dataDir, names.seller)
    await withServerDatabase(stage.server.dataDir, (db) => {
      if (spot) createAlwaysOpenSpot(db, spot.name, spot.description)
      deal.listingId = createListing(db, { sellerId: deal.seller.id, ...listing })
      deal.conversationId = createConversation(db, deal.buyer.id, deal.seller.id, deal.listingId)
    })
  })
  return deal
}

/** From the conversation's meeting area, proposes a meeting at `spot` at each time `minutesAhead`. */
export async function proposeMeeting(page: Page, spot: string, minutesAhead: number[]): Promise<void> {
  await meetingRegion(page).getByRole('button', { name: 'Combinar entrega' }).click()
  const dialog = page.getByRole('dialog', { name: 'Combinar entrega' })
  await dialog.getByLabel('Ponto de encontro').selectOption({ label: spot })
  for (const [index, minutes] of minutesAhead.entries()) {
    if (index > 0) await dialog.getByRole('button', { name: 'Adicionar horário' }).click()
    const { date, time } = aheadInSaoPaulo(minutes)
    await dialog.getByLabel(`Dia ${index + 1}`).fill(date)
    await dialog.getByLabel(`Hora ${index + 1}`).fill(time)
  }
  await dialog.getByRole('button', { name: 'Enviar proposta' }).click()
}

/** An offer's card in the conversation, by its amount as a pattern (`R\\$\\s320,00`). */
export const offerCard = (page: Page, amount: string) =>
  page.getByRole('list', { name: 'Mensagens' }).getByRole('article', { name: new RegExp(amount) })

/** "Fazer uma oferta" of `amount` (as typed, `320`), waiting for the dialog to close. */
export async function makeOffer(page: Page, amount: string): Promise<void> {
  await page.getByRole('button', { name: 'Fazer uma oferta' }).click()
  const dialog = page.getByRole('dialog', { name: 'Fazer uma oferta' })
  await dialog.getByLabel('Valor (R$)').fill(amount)
  await dialog.getByRole('button', { name: 'Enviar oferta' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

/** Fills and sends the open "Fazer uma contraproposta" dialog with `amount` (as typed, `350,00`). */
export async function sendCounterOffer(page: Page, amount: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Fazer uma contraproposta' })
  await dialog.getByLabel('Valor (R$)').fill(amount)
  await dialog.getByRole('button', { name: 'Enviar contraproposta' }).click()
}

/** At the spot: the seller shows the hand-off code and closes the dialog; returns the code. */
export async function showHandoffCode(sellerPage: Page): Promise<string> {
  await meetingRegion(sellerPage).getByRole('button', { name: 'Mostrar código da entrega' }).click()
  const shown = sellerPage.getByRole('dialog', { name: 'Código da entrega' }).getByTestId('handoff-code')
  await shown.waitFor()
  const code = (await shown.textContent())?.trim() ?? ''
  await sellerPage.keyboard.press('Escape')
  return code
}

/** The buyer types `code` in "Confirmar entrega", and both sides see the hand-off confirmed. */
export async function confirmHandoffCode(buyerPage: Page, sellerPage: Page, code: string): Promise<void> {
  await meetingRegion(buyerPage).getByRole('button', { name: 'Confirmar entrega' }).click()
  const dialog = buyerPage.getByRole('dialog', { name: 'Confirmar a entrega' })
  await dialog.getByLabel('Código da entrega').fill(code)
  await dialog.getByRole('button', { name: 'Confirmar entrega' }).click()
  await meetingRegion(buyerPage).getByText('Entrega confirmada').waitFor()
  await meetingRegion(sellerPage).getByText('Entrega confirmada').waitFor()
}

/** Answers "Aceitar" on the offer of `amount` (a pattern, as `offerCard` takes it) and confirms it. */
export async function acceptOffer(page: Page, amount: string): Promise<void> {
  await offerCard(page, amount).getByRole('button', { name: 'Aceitar' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Aceitar oferta' }).click()
}

/** The buyer proposes a meeting at `spot`, the seller picks its first time, and the buyer sees it agreed. */
export async function agreeMeeting(
  buyerPage: Page,
  sellerPage: Page,
  spot: string,
  minutesAhead: number[],
): Promise<void> {
  await proposeMeeting(buyerPage, spot, minutesAhead)
  await meetingRegion(sellerPage)
    .getByRole('button', { name: /^Escolher/ })
    .first()
    .click()
  await meetingRegion(buyerPage).getByText('Entrega combinada').waitFor()
}

/** The deal's seller and buyer signed in on phones, each on the conversation, the seller's open first. */
export async function openDealOnPhones(stage: Stage, deal: DealOnServer) {
  const seller = await stage.signedInPage(deal.seller, { device: 'phone' })
  const buyer = await stage.signedInPage(deal.buyer, { device: 'phone' })
  await seller.page.goto(`/univille/chat/${deal.conversationId}`)
  await seller.page.getByRole('list', { name: 'Mensagens' }).waitFor()
  await buyer.page.goto(`/univille/chat/${deal.conversationId}`)
  return { seller, buyer }
}
