import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { createListing } from '../../server/db/factories'
import { setUpMembers } from './support/accounts'
import { messageFromListing, openThreadWith } from './support/chat'
import { withServerDatabase } from './support/database'
import { setUpStage } from './support/stage'

const stage = setUpStage()
const members = setUpMembers(stage, { buyer: 'Ana Lima', seller: 'Bruno Dias', outsider: 'Carla Souza' })
let listingId: number

beforeAll(async () => {
  listingId = await withServerDatabase(stage.server.dataDir, (db) =>
    createListing(db, { sellerId: members.seller.id, title: 'Luminária de mesa', priceCents: 6000 }),
  )
})

describe('fotos no chat', () => {
  it('A manda uma foto, B vê a miniatura na hora e abre em tamanho real; uma terceira pessoa não carrega a foto', async () => {
    const [{ context: aContext, page: a }, { context: bContext, page: b }, { context: cContext, page: c }] =
      await Promise.all([
        stage.signedInPage(members.buyer),
        stage.signedInPage(members.seller, { device: 'desktop' }),
        stage.signedInPage(members.outsider, { device: 'desktop' }),
      ])

    // A opens the conversation from the listing and says hello; B opens the thread.
    const threadPath = await messageFromListing(a, listingId, 'Oi! Ela ainda acende?')
    await openThreadWith(b, threadPath, 'Oi! Ela ainda acende?')

    // A picks a photo, waits for it to upload and sends it with a caption.
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#e67e22' } })
      .jpeg()
      .toBuffer()
    await a
      .getByTestId('chat-photo-input')
      .setInputFiles({ name: 'luminaria.jpg', mimeType: 'image/jpeg', buffer: photo })
    await a.getByRole('img', { name: 'Foto 1 para enviar' }).waitFor()
    const send = a.getByRole('button', { name: 'Enviar', exact: true })
    await expect.poll(() => send.isEnabled()).toBe(true)
    await send.click()
    await a.getByRole('img', { name: 'Foto 1 de 1 enviada por você' }).waitFor()
    await expect.poll(() => a.getByRole('img', { name: 'Foto 1 para enviar' }).count()).toBe(0)

    // B, already on the thread, gets the thumbnail live and opens it full size.
    const thumbnail = b.getByRole('img', { name: 'Foto 1 de 1 enviada por Ana Lima' })
    await thumbnail.waitFor()
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    await b.getByRole('button', { name: 'Foto 1 de 1 enviada por Ana Lima' }).click()
    const dialog = b.getByRole('dialog', { name: 'Foto enviada por Ana Lima' })
    await dialog.waitFor()
    const full = dialog.getByRole('img', { name: 'Foto enviada por Ana Lima' })
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900)
    const fullUrl = await full.getAttribute('src')
    // Under the prefix the page was opened with, so a proxy routing by community reaches the same machine.
    expect(fullUrl).toMatch(/^\/univille\/api\/chat\/photos\/[0-9a-f-]+\/full$/)
    // Esc closes it and puts focus back on the thumbnail.
    await b.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await b.evaluate(() => document.activeElement?.querySelector('img')?.alt)).toBe(
      'Foto 1 de 1 enviada por Ana Lima',
    )

    // The address works for the two of them and for nobody else, even typed in.
    expect((await b.request.get(fullUrl ?? '')).status()).toBe(200)
    expect((await c.request.get(fullUrl ?? '')).status()).toBe(404)
    const onPage = await c.goto(fullUrl ?? '')
    expect(onPage?.status()).toBe(404)

    await Promise.all([aContext.close(), bContext.close(), cContext.close()])
  })
})
