import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createEvent, createListing } from '../../server/db/factories'
import { setUpMembers } from './support/accounts'
import { withServerDatabase } from './support/database'
import { setUpStage } from './support/stage'

const stage = setUpStage()
const members = setUpMembers(stage, { buyer: 'Ana Lima', seller: 'Bruno Dias', organizer: 'Lia Ferreira' })
const ids = { ruler: 0, lamp: 0, pending: 0, rejected: 0 }

async function openFromAccountMenu(page: Page, name: string) {
  await page.getByRole('button', { name: /Menu da conta/ }).click()
  await page.getByRole('menuitem', { name }).click()
}

beforeAll(async () => {
  await withServerDatabase(stage.server.dataDir, (db) => {
    ids.ruler = createListing(db, {
      sellerId: members.seller.id,
      title: 'Régua T de desenho técnico',
      priceCents: 3500,
    })
    ids.lamp = createListing(db, {
      sellerId: members.seller.id,
      title: 'Luminária de mesa articulada',
      priceCents: 6000,
    })
    ids.pending = createEvent(db, {
      organizerId: members.organizer.id,
      title: 'Oficina de encadernação',
      daysAhead: 9,
    })
    ids.rejected = createEvent(db, {
      organizerId: members.organizer.id,
      title: 'Festa sem local',
      status: 'rejeitado',
      rejectionReason: 'Falta o local exato do evento.',
    })
  })
})

describe('as coisas de cada membro', () => {
  it('Meus favoritos: favorita pelo coração, acha pelo menu da conta, e um vendido fica marcado até sair da lista', async () => {
    const { context, page } = await stage.signedInPage(members.buyer)

    for (const id of [ids.ruler, ids.lamp]) {
      await page.goto(`/univille/produto/${id}`)
      await page.getByRole('button', { name: 'Favoritar', exact: true }).click()
      await page.getByText('Adicionado aos favoritos').first().waitFor()
    }
    // The toast sits below the top bar, so the account menu stays within reach while it shows.
    const toastItem = page.locator('[data-sonner-toast]').first()
    await toastItem.evaluate((item) => Promise.all(item.getAnimations().map((a) => a.finished)))
    const toast = await toastItem.boundingBox()
    const topBar = await page.getByRole('banner').boundingBox()
    expect(toast?.y).toBeGreaterThanOrEqual((topBar?.y ?? 0) + (topBar?.height ?? Number.NaN))
    await withServerDatabase(stage.server.dataDir, (db) =>
      db.$client.prepare("update listings set status = 'vendido' where id = ?").run(ids.lamp),
    )

    await openFromAccountMenu(page, 'Meus favoritos')
    await page.waitForURL(/\/meus-favoritos$/)
    await page.getByRole('heading', { name: 'Meus favoritos', level: 1 }).waitFor()
    await page.getByText('2 favoritos').waitFor()
    await page.getByRole('link', { name: 'Régua T de desenho técnico' }).waitFor()
    const sold = page.getByRole('article').filter({ hasText: 'Luminária de mesa articulada' })
    await sold.getByText('Vendido').waitFor()
    expect(await sold.getByRole('link').count()).toBe(0)

    await sold.getByRole('button', { name: /Remover dos favoritos/ }).click()
    await page.getByText('1 favorito', { exact: true }).waitFor()
    expect(await page.getByText('Luminária de mesa articulada').count()).toBe(0)
    await context.close()
  })

  it('Meus eventos: pela Minha Conta, o organizador lê o motivo da rejeição e volta a editar o pendente', async () => {
    const { context, page } = await stage.signedInPage(members.organizer)

    await page.goto('/univille/minha-conta')
    await page.getByRole('link', { name: 'Meus eventos' }).click()
    await page.waitForURL(/\/meus-eventos$/)
    const rejected = page.getByRole('article').filter({ hasText: 'Festa sem local' })
    await rejected.getByText('Rejeitado').waitFor()
    await rejected.getByText('Falta o local exato do evento.').waitFor()
    expect(await rejected.getByRole('link', { name: /Editar/ }).count()).toBe(0)
    await page.getByText('Nenhuma presença confirmada').waitFor()

    const pending = page.getByRole('article').filter({ hasText: 'Oficina de encadernação' })
    await pending.getByText('Aguardando aprovação').waitFor()
    await pending.getByRole('link', { name: 'Editar Oficina de encadernação' }).click()
    await page.waitForURL(new RegExp(`/editar-evento/${ids.pending}$`))
    await expect(page.getByLabel('Título').inputValue()).resolves.toBe('Oficina de encadernação')
    await context.close()
  })

  it('pontas soltas: "Criar minha conta" abre o cadastro e some para quem entrou; as páginas de administrador respondem a quem não é', async () => {
    const visitorContext = await stage.phoneContext()
    const visitor = await visitorContext.newPage()
    await visitor.goto('/univille')
    await visitor.getByRole('link', { name: 'Criar minha conta' }).click()
    await visitor.waitForURL(/\/univille\/auth\?aba=criar-conta$/)
    await visitor.getByRole('tab', { name: 'Criar Conta', selected: true }).waitFor()
    await visitorContext.close()

    const { context, page } = await stage.signedInPage(members.buyer)
    await page.goto('/univille')
    await page.getByRole('link', { name: 'Ir para o portal' }).waitFor()
    expect(await page.getByRole('link', { name: 'Criar minha conta' }).count()).toBe(0)

    await page.goto('/univille/admin/banners')
    await page.getByRole('alert').filter({ hasText: 'Acesso restrito a administradores.' }).waitFor()
    await page.goto('/univille/admin/subcategorias')
    await page.getByText('Você não tem permissão para acessar esta página').waitFor()
    await page.waitForURL(/\/univille\/?$/)
    await context.close()
  })
})
