import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createListing, createStudent, createUpload } from '../../server/db/factories'
import { listings, notificationEmails, subcategories } from '../../server/db/schema'
import { deleteAccount } from '../../server/people/account/delete-account'
import type { ListingInput } from '../../shared/schemas/listing'
import { type AppCaller, callerFor, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()

type Member = { id: number; email: string; caller: AppCaller }

async function member(): Promise<Member> {
  const account = await createStudent(world.db, { member: true, password: undefined })
  return {
    id: account.id,
    email: account.email,
    caller: callerFor(world.services, { userId: account.id }).caller,
  }
}

const mailsTo = (who: Member) => world.services.mailer.sent.filter((mail) => mail.to === who.email)

let seller: Member
let fan: Member
let bystander: Member
let listingId: number

/** The seller's edit form, as sent, with a new price. */
function edit(priceCents: number, id = listingId): ListingInput & { id: number } {
  const row = world.db.select().from(listings).where(eq(listings.id, id)).get()
  const sub = world.db
    .select()
    .from(subcategories)
    .where(eq(subcategories.id, row?.subcategoryId ?? 0))
    .get()
  return {
    id,
    title: row?.title ?? '',
    description: row?.description ?? '',
    priceCents,
    mainCategoryId: sub?.mainCategoryId ?? 0,
    subcategoryId: sub?.id ?? 0,
    condition: 'usado',
    imageIds: [createUpload(world.db, { ownerId: seller.id, kind: 'listing' }).id],
  }
}

const priceNotes = async (who: Member) =>
  (await who.caller.notifications.list()).items.filter((note) => note.kind === 'price_drop')

beforeEach(async () => {
  seller = await member()
  fan = await member()
  bystander = await member()
  listingId = createListing(world.db, {
    sellerId: seller.id,
    title: 'Jaleco branco tamanho M',
    priceCents: 8000,
  })
  await fan.caller.listings.setFavorite({ id: listingId, favorite: true })
})

describe('queda de preço de um favorito', () => {
  it('avisa quem favoritou, no app e por e-mail, e mais ninguém', async () => {
    await seller.caller.listings.update(edit(6000))
    const [note] = await priceNotes(fan)
    expect(note).toMatchObject({
      title: '"Jaleco branco tamanho M" baixou de preço',
      link: `/produto/${listingId}`,
      read: false,
    })
    expect(note?.body).toMatch(/^De R\$\s80,00 por R\$\s60,00\./)
    expect(world.services.mailer.sent.map((mail) => mail.subject)).toEqual([note?.title])
    expect(await priceNotes(bystander)).toEqual([])
    expect(await priceNotes(seller)).toEqual([])
  })

  it('um preço igual ou maior não avisa', async () => {
    await seller.caller.listings.update(edit(8000))
    await seller.caller.listings.update(edit(9000))
    expect(await priceNotes(fan)).toEqual([])
    expect(world.services.mailer.sent).toHaveLength(0)
  })

  it('sem e-mail para quem desligou esse tipo; a notificação no app continua', async () => {
    await fan.caller.notifications.setEmailPreference({ kind: 'price_drop', enabled: false })
    await seller.caller.listings.update(edit(5000))
    expect(await priceNotes(fan)).toHaveLength(1)
    expect(world.services.mailer.sent).toHaveLength(0)
  })

  it('um bloqueio, de qualquer lado, cala o aviso', async () => {
    const other = await member()
    await other.caller.listings.setFavorite({ id: listingId, favorite: true })
    await fan.caller.safety.block({ userId: seller.id })
    await seller.caller.safety.block({ userId: other.id })
    await seller.caller.listings.update(edit(5000))
    expect(await priceNotes(fan)).toEqual([])
    expect(await priceNotes(other)).toEqual([])
  })

  it('nada para um anúncio vendido, inativo ou removido', async () => {
    await seller.caller.listings.setStatus({ id: listingId, status: 'vendido' })
    await seller.caller.listings.update(edit(7000))
    await seller.caller.listings.setStatus({ id: listingId, status: 'inativo' })
    await seller.caller.listings.update(edit(6000))
    expect(await priceNotes(fan)).toEqual([])
    await seller.caller.listings.setStatus({ id: listingId, status: 'ativo' })
    await seller.caller.listings.update(edit(5000))
    expect(await priceNotes(fan)).toHaveLength(1)
  })

  it('quedas seguidas, antes de ler, viram uma notificação só', async () => {
    await seller.caller.listings.update(edit(7000))
    await seller.caller.listings.update(edit(6500))
    const notes = await priceNotes(fan)
    expect(notes.map((note) => note.count)).toEqual([2])
    expect(notes[0]?.body).toMatch(/por R\$\s65,00/)
  })

  it('cinco quedas no mesmo dia: um e-mail só para quem favoritou, e o app conta as cinco', async () => {
    for (const price of [7500, 7000, 6500, 6000, 5500]) await seller.caller.listings.update(edit(price))
    expect(mailsTo(fan).map((mail) => mail.subject)).toEqual(['"Jaleco branco tamanho M" baixou de preço'])
    const notes = await priceNotes(fan)
    expect(notes.map((note) => note.count)).toEqual([5])
    expect(notes[0]?.body).toMatch(/por R\$\s55,00/)
  })

  it('ler o aviso não abre caminho para outro e-mail no mesmo dia; a nova notificação aparece', async () => {
    await seller.caller.listings.update(edit(7000))
    await fan.caller.notifications.markRead({})
    await seller.caller.listings.update(edit(6000))
    expect(mailsTo(fan)).toHaveLength(1)
    expect((await priceNotes(fan)).map((note) => note.read)).toEqual([false, true])
  })

  it('a queda de outro anúncio no mesmo dia é outro assunto: outro e-mail', async () => {
    const other = createListing(world.db, { sellerId: seller.id, title: 'Estetoscópio', priceCents: 20000 })
    await fan.caller.listings.setFavorite({ id: other, favorite: true })
    await seller.caller.listings.update(edit(7000))
    await seller.caller.listings.update(edit(15000, other))
    expect(mailsTo(fan).map((mail) => mail.subject)).toEqual([
      '"Jaleco branco tamanho M" baixou de preço',
      '"Estetoscópio" baixou de preço',
    ])
  })

  it('a conta excluída não deixa registro dos e-mails que recebeu', async () => {
    await seller.caller.listings.update(edit(7000))
    expect(mailsTo(fan)).toHaveLength(1)
    deleteAccount(world.services, fan.id)
    expect(
      world.db.select().from(notificationEmails).where(eq(notificationEmails.userId, fan.id)).all(),
    ).toEqual([])
  })

  describe('no dia seguinte', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('uma nova queda manda e-mail de novo', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      await seller.caller.listings.update(edit(7000))
      vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000)
      await seller.caller.listings.update(edit(6000))
      expect(mailsTo(fan)).toHaveLength(2)
    })
  })
})
