import { beforeAll, describe, expect, it } from 'vitest'
import { createEvent, createListing, createStudent } from '../../server/db/factories'
import { createMemberOnServer, type ServerMember } from './support/accounts'
import { withServerDatabase } from './support/database'
import { setUpStage } from './support/stage'

const stage = setUpStage()
let seller: ServerMember
const pending = { email: 'nova.aluna@univille.br', password: 'senha-pendente-1', fullName: 'Nova Aluna' }
const listingTitle = 'Apostila repetida de Cálculo'
const eventTitle = 'Oficina de Fotografia no Campus'

/** Writes the fixtures straight into the running server's database. */
async function seedFixtures() {
  await withServerDatabase(stage.server.dataDir, async (db) => {
    await createStudent(db, {
      email: pending.email,
      password: pending.password,
      fullName: pending.fullName,
      username: 'nova_aluna',
      university: 'Univille',
      course: 'Design',
      emailVerified: true,
    })
    createListing(db, {
      sellerId: seller.id,
      title: listingTitle,
      description: 'A mesma apostila anunciada três vezes.',
      priceCents: 1500,
    })
    createEvent(db, {
      organizerId: seller.id,
      title: eventTitle,
      description: 'Aprenda composição e luz natural com a câmera do celular.',
      daysAhead: 5,
      eventTime: '14:00',
      location: 'Pátio central',
    })
  })
}

beforeAll(async () => {
  seller = await createMemberOnServer(stage.server.dataDir, 'Vendedor Repetido')
  await seedFixtures()
})

describe('área administrativa', () => {
  it('aprova quem espera (ao vivo), remove anúncio com motivo, aprova evento e publica banner no portal', async () => {
    // The waiting student's screen is open.
    const waitingContext = await stage.phoneContext()
    const waiting = await waitingContext.newPage()
    await waiting.goto('/univille/auth')
    await waiting.getByLabel('Email').fill(pending.email)
    await waiting.getByLabel('Senha').fill(pending.password)
    await waiting.getByRole('button', { name: 'Entrar', exact: true }).click()
    await waiting.getByRole('heading', { name: 'Sua conta está aguardando aprovação!' }).waitFor()

    const { context: adminContext, page: admin } = await stage.adminPage()

    // Approve: the waiting screen turns into the app by itself.
    await admin.goto('/univille/admin/aprovacoes')
    await admin.getByRole('button', { name: `Aprovar ${pending.fullName}` }).click()
    await admin.getByText('Usuário aprovado com sucesso!').waitFor()
    await waiting.getByRole('button', { name: 'Menu da conta' }).waitFor()

    // Remove a listing with a reason; the seller sees it.
    await admin.goto('/univille/admin/anuncios')
    await admin.getByRole('button', { name: `Remover anúncio ${listingTitle}` }).click()
    await admin.getByRole('radio', { name: 'Spam ou duplicado' }).check()
    await admin.getByRole('button', { name: 'Remover anúncio', exact: true }).click()
    await admin.getByText('Anúncio removido com sucesso!').waitFor()

    const { context: sellerContext, page: sellerPage } = await stage.signedInPage(seller)
    await sellerPage.goto('/univille/meus-produtos')
    await sellerPage.getByText('Removido pela moderação').first().waitFor()
    await sellerPage.getByText('Spam ou duplicado').first().waitFor()

    // Approve the pending event: it becomes public.
    await admin.goto('/univille/admin/eventos')
    await admin.getByRole('button', { name: `Aprovar evento ${eventTitle}` }).click()
    await admin.getByText('Evento aprovado com sucesso!').waitFor()
    await sellerPage.goto('/univille/eventos')
    await sellerPage
      .getByRole('link', { name: new RegExp(eventTitle) })
      .first()
      .waitFor()

    // A new hero banner shows in the portal.
    await admin.goto('/univille/admin/banners')
    await admin.getByRole('button', { name: 'Novo banner' }).click()
    await admin.getByLabel('Título').fill('Feira de Troca de Livros')
    await admin.getByLabel('URL da imagem').fill('/favicon.svg')
    await admin.getByRole('button', { name: 'Salvar banner' }).click()
    await admin.getByText('Banner criado!').waitFor()
    await sellerPage.goto('/univille/portal')
    await sellerPage.getByText('Feira de Troca de Livros').first().waitFor()

    const log = await admin.goto('/univille/admin/moderacao')
    expect(log?.status()).toBe(200)
    await admin.getByText('Removeu anúncio').first().waitFor()

    await sellerContext.close()
    await adminContext.close()
    await waitingContext.close()
  })
})
