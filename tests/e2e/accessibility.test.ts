import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { storeMessage } from '../../server/chat/messages'
import {
  createConfirmedMeeting,
  createConversation,
  createEvent,
  createListing,
  createStudent,
} from '../../server/db/factories'
import {
  advertisements,
  eventAttendees,
  events,
  eventTickets,
  listings,
  messages,
  moderationLog,
  users,
  wantedMatches,
  wantedPosts,
} from '../../server/db/schema'
import { createLocalImageStorage } from '../../server/uploads/storage'
import { storeImage } from '../../server/uploads/store-image'
import { createMemberOnServer, type ServerMember } from './support/accounts'
import { axeFindings, describeFinding, type Finding, isSerious, scrollsSideways } from './support/axe'
import { withServerDatabase } from './support/database'
import { ADMIN } from './support/server'
import { setUpStage } from './support/stage'

const stage = setUpStage()
let member: ServerMember
let moderator: ServerMember
const pending = { email: 'aguardando@univille.br', password: 'senha-aguardando-1' }
const ids = {
  listing: 0,
  ownListing: 0,
  removedListing: 0,
  event: 0,
  pendingEvent: 0,
  ownEvent: 0,
  conversation: 0,
  handoff: 0,
  dealConversation: 0,
  offerConversation: 0,
  seller: '',
}

/** A phone (the iPhone SE's 375 px) and a desktop: every page is checked at both. */
const WIDTHS = [
  { name: 'celular', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const
/** WCAG 1.4.10: content reflows without scrolling sideways at 320 CSS px (1280 px at 400%). */
const NARROWEST = { width: 320, height: 640 }

async function seedFixtures() {
  await withServerDatabase(stage.server.dataDir, async (db) => {
    const seller = await createStudent(db, {
      fullName: 'Otávio Prado',
      username: 'otavio_prado',
      member: true,
    })
    ids.seller = seller.username ?? ''
    await createStudent(db, { ...pending, fullName: 'Aluna Aguardando', emailVerified: true })
    const memberId = member.id
    const adminId = db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email)).get()?.id
    ids.listing = createListing(db, { sellerId: seller.id, title: 'Calculadora HP 12c', priceCents: 18000 })
    ids.ownListing = createListing(db, { sellerId: memberId, title: 'Livro de Cálculo I', priceCents: 4500 })
    ids.removedListing = createListing(db, {
      sellerId: seller.id,
      title: 'Apostila copiada',
      priceCents: 900,
    })
    db.update(listings)
      .set({ moderationStatus: 'removed', removalReason: 'Spam ou duplicado' })
      .where(eq(listings.id, ids.removedListing))
      .run()
    // Procura-se: someone else's post that the member's own listing answered, and one of the member's.
    const own = db.select().from(listings).where(eq(listings.id, ids.ownListing)).get()
    const inAMonth = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000)
    const [sellerPost] = db
      .insert(wantedPosts)
      .values([
        {
          communityId: 1,
          posterId: seller.id,
          title: 'Livro de Cálculo',
          details: 'Qualquer edição serve.',
          mainCategoryId: own?.mainCategoryId ?? 1,
          maxPriceCents: 6000,
          expiresAt: inAMonth,
        },
        {
          communityId: 1,
          posterId: memberId,
          title: 'Jaleco tamanho M',
          mainCategoryId: own?.mainCategoryId ?? 1,
          expiresAt: inAMonth,
        },
      ])
      .returning({ id: wantedPosts.id })
      .all()
    db.insert(wantedMatches)
      .values({ wantedId: sellerPost?.id ?? 0, listingId: ids.ownListing })
      .run()
    db.insert(advertisements)
      .values({
        communityId: 1,
        title: 'Gráfica do campus',
        description: 'Impressões com desconto para estudantes.',
        imageUrl: '/favicon.svg',
        placement: 'category_card',
      })
      .run()
    ids.event = createEvent(db, {
      organizerId: seller.id,
      title: 'Feira de Trocas do Campus',
      status: 'aprovado',
    })
    ids.pendingEvent = createEvent(db, { organizerId: memberId, title: 'Sarau de Poesia no Bloco B' })
    // The member organizes a full event (its roster and check-in) and holds a ticket to the seller's.
    ids.ownEvent = createEvent(db, {
      organizerId: memberId,
      title: 'Oficina de Xadrez',
      status: 'aprovado',
      maxParticipants: 1,
    })
    db.insert(eventAttendees).values({ eventId: ids.ownEvent, userId: seller.id }).run()
    db.insert(eventTickets).values({ eventId: ids.ownEvent, userId: seller.id, code: 'XADR2345' }).run()
    db.update(events).set({ attendeesCount: 1 }).where(eq(events.id, ids.ownEvent)).run()
    db.insert(eventAttendees).values({ eventId: ids.event, userId: memberId }).run()
    db.insert(eventTickets).values({ eventId: ids.event, userId: memberId, code: 'FEIR2345' }).run()
    db.update(events).set({ attendeesCount: 1 }).where(eq(events.id, ids.event)).run()
    ids.conversation = createConversation(db, memberId, seller.id, ids.listing)
    // A confirmed hand-off the member has yet to review (its prompt in the conversation, the review page).
    ids.handoff = createConfirmedMeeting(db, { conversationId: ids.conversation }).id
    // Someone asking about the member's own listing: a conversation where a meeting can still be proposed.
    const asker = await createStudent(db, {
      fullName: 'Renata Lima',
      username: 'renata_lima',
      member: true,
    })
    ids.dealConversation = createConversation(db, memberId, asker.id, ids.ownListing)
    // The member asking about someone else's listing with no deal yet: where an offer can be made.
    const otherSeller = await createStudent(db, {
      fullName: 'Tiago Reis',
      username: 'tiago_reis',
      member: true,
    })
    const lamp = createListing(db, { sellerId: otherSeller.id, title: 'Luminária de mesa', priceCents: 4500 })
    ids.offerConversation = createConversation(db, memberId, otherSeller.id, lamp)
    db.insert(messages)
      .values({
        conversationId: ids.conversation,
        senderId: seller.id,
        content: 'Oi! Ainda está disponível?',
      })
      .run()
    const storage = createLocalImageStorage(join(stage.server.dataDir, 'uploads'))
    const photo = await storeImage(
      { db, storage },
      seller.id,
      'chat',
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#34495e' } })
        .jpeg()
        .toBuffer(),
    )
    await storeMessage(
      { db, storage },
      seller.id,
      { id: ids.conversation },
      { content: 'Foto da calculadora', photos: [photo.id] },
    )
    db.insert(moderationLog)
      .values([
        {
          communityId: 1,
          moderatorId: adminId ?? 0,
          actionType: 'approve_event',
          targetType: 'event',
          targetId: ids.event,
        },
        {
          communityId: 1,
          moderatorId: adminId ?? 0,
          actionType: 'approve_user',
          targetType: 'user',
          targetId: seller.id,
        },
      ])
      .run()
  })
}

beforeAll(async () => {
  member = await createMemberOnServer(stage.server.dataDir, 'Iris Nogueira')
  moderator = await createMemberOnServer(stage.server.dataDir, 'Moisés Moderador', {
    roles: ['user', 'moderator'],
  })
  await seedFixtures()
})

/**
 * Runs axe at each width (serious and critical findings fail, moderate ones are printed), and checks
 * that the page has its own title and does not scroll sideways at 320 CSS px (1.4.10 Reflow).
 */
class Audit {
  serious: Record<string, string[]> = {}
  moderate = new Map<string, Finding>()
  sideways: string[] = []
  untitled: string[] = []

  constructor(private readonly page: Page) {}

  /** The page hydrated (`<html data-hydrated>`) and its skeletons and spinners gone: what it loaded is on screen. */
  private async load(path: string) {
    await this.page.goto(path)
    await this.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await this.page.locator('main .animate-pulse, main .animate-spin').first().waitFor({ state: 'detached' })
  }

  /**
   * A page is loaded once and then resized: the server sends one page for every width, and the layout
   * follows the width through CSS and media-query listeners. A dialog is opened again at each width, since
   * what it covers differs.
   */
  async visit(
    path: string,
    { open, label = 'aberto' }: { open?: (page: Page) => Promise<void>; label?: string } = {},
  ) {
    if (!open) await this.load(path)
    for (const size of WIDTHS) {
      await this.page.setViewportSize(size)
      if (open) {
        await this.load(path)
        await open(this.page)
      }
      this.record(`${path}${open ? ` (${label})` : ''} @${size.name}`, await axeFindings(this.page))
    }
    if (open) return
    const title = await this.page.title()
    if (!/^(\(\d+\) )?.+ · Vupt$/.test(title)) this.untitled.push(`${path}: ${title}`)
    await this.page.setViewportSize(NARROWEST)
    if (await scrollsSideways(this.page)) this.sideways.push(path)
  }

  /** The page as it is, at the current width (a dialog already open). */
  async here(label: string) {
    this.record(label, await axeFindings(this.page))
  }

  private record(label: string, findings: Finding[]) {
    const serious = findings.filter(isSerious).map(describeFinding)
    if (serious.length > 0) this.serious[label] = serious
    for (const finding of findings.filter((f) => !isSerious(f))) {
      this.moderate.set(`${finding.id} ${label}`, finding)
    }
  }

  /** Prints the moderate findings, then fails on anything serious, a missing title or a sideways scroll. */
  verify() {
    for (const [key, finding] of this.moderate) {
      // biome-ignore lint/suspicious/noConsole: the moderate findings are part of the test's report.
      console.info(`axe (moderada) ${key}: ${describeFinding(finding)}`)
    }
    expect({ serious: this.serious, sideways: this.sideways, untitled: this.untitled }).toEqual({
      serious: {},
      sideways: [],
      untitled: [],
    })
  }
}

describe('acessibilidade (axe-core, WCAG 2.0, 2.1 e 2.2 A e AA, celular e desktop)', () => {
  it('páginas públicas e a tela de espera', async () => {
    const context = await stage.browser.newContext({ baseURL: stage.server.url, locale: 'pt-BR' })
    const page = await context.newPage()
    const audit = new Audit(page)
    await page.goto('/')
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR')
    for (const path of [
      '/',
      '/comunidades',
      '/univille',
      '/univille/auth',
      '/univille/portal',
      '/univille/como-funciona',
      '/univille/sobre',
      '/univille/faq',
      '/univille/eventos',
      `/univille/evento/${ids.event}`,
      '/univille/verificar-email',
      '/univille/redefinir-senha',
      '/univille/acessibilidade',
      '/univille/pagina-que-nao-existe',
    ]) {
      await audit.visit(path)
    }
    await audit.visit('/univille/auth', {
      open: async (p) => {
        await p.getByRole('tab', { name: 'Criar Conta' }).click()
        await p.getByRole('button', { name: 'Criar Conta', exact: true }).click()
        await p.locator('[aria-invalid="true"]').first().waitFor()
      },
    })

    await page.goto('/univille/auth')
    await page.getByLabel('Email').fill(pending.email)
    await page.getByLabel('Senha').fill(pending.password)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.getByRole('heading', { name: 'Sua conta está aguardando aprovação!' }).waitFor()
    await audit.visit('/univille/portal')
    audit.verify()
    await context.close()
  }, 300_000)

  it('páginas e diálogos de membro', async () => {
    const { context, page } = await stage.signedInPage(member, {
      device: 'desktop',
    })
    const audit = new Audit(page)
    for (const path of [
      '/univille/portal',
      '/univille/criacoes',
      '/univille/servicos',
      '/univille/desapegos',
      `/univille/produto/${ids.listing}`,
      `/univille/produto/${ids.ownListing}`,
      `/univille/perfil/${ids.seller}`,
      '/univille/vender',
      '/univille/meus-produtos',
      '/univille/meus-favoritos',
      '/univille/meus-eventos',
      '/univille/minhas-entregas',
      '/univille/procura-se',
      '/univille/minha-conta',
      '/univille/minha-conta/seguranca',
      '/univille/chat',
      `/univille/chat/${ids.conversation}`,
      `/univille/avaliar/${ids.handoff}`,
      `/univille/entregas/${ids.handoff}`,
      '/univille/eventos',
      `/univille/evento/${ids.event}`,
      '/univille/criar-evento',
      `/univille/editar-evento/${ids.pendingEvent}`,
      `/univille/evento/${ids.ownEvent}`,
      `/univille/evento/${ids.ownEvent}/presencas`,
      `/univille/evento/${ids.ownEvent}/check-in`,
      '/univille/confirmar-email',
      '/univille/reconfirmar-email',
    ]) {
      await audit.visit(path)
    }
    await audit.visit('/univille/portal', {
      label: 'criar',
      open: async (p) => {
        await p.getByRole('button', { name: 'Criar', exact: true }).click()
        await p.getByRole('dialog').waitFor()
      },
    })
    await audit.visit('/univille/portal', {
      label: 'menu da conta',
      open: async (p) => {
        await p.getByRole('button', { name: /Menu da conta/ }).click()
        await p.getByRole('menu').waitFor()
      },
    })
    await audit.visit(`/univille/chat/${ids.conversation}`, {
      label: 'foto aberta',
      open: async (p) => {
        await p.getByRole('button', { name: 'Foto 1 de 1 enviada por Otávio Prado' }).click()
        await p.getByRole('dialog', { name: 'Foto enviada por Otávio Prado' }).waitFor()
      },
    })
    await audit.visit(`/univille/chat/${ids.offerConversation}`, {
      label: 'oferta',
      open: async (p) => {
        await p.getByRole('button', { name: 'Fazer uma oferta' }).click()
        await p.getByRole('dialog', { name: 'Fazer uma oferta' }).waitFor()
      },
    })
    await audit.visit(`/univille/chat/${ids.dealConversation}`, {
      label: 'combinar entrega',
      open: async (p) => {
        await p.getByRole('button', { name: 'Combinar entrega' }).click()
        await p.getByRole('dialog', { name: 'Combinar entrega' }).getByLabel('Ponto de encontro').waitFor()
      },
    })
    await audit.visit('/univille/meus-eventos', {
      label: 'ingresso',
      open: async (p) => {
        await p.getByRole('button', { name: /Mostrar QR code do ingresso/ }).click()
        await p.getByRole('dialog').getByRole('img').waitFor()
      },
    })
    await audit.visit(`/univille/evento/${ids.ownEvent}/check-in`, {
      label: 'código recusado',
      open: async (p) => {
        await p.getByLabel('Código do ingresso').fill('ZZZZ-ZZZZ')
        await p.getByRole('button', { name: 'Registrar entrada' }).click()
        await p.getByText('Ingresso não encontrado.').waitFor()
      },
    })
    await audit.visit('/univille/meus-produtos', {
      open: async (p) => {
        await p
          .getByRole('button', { name: /Excluir/ })
          .first()
          .click()
        await p.getByRole('alertdialog').waitFor()
      },
    })
    await audit.visit('/univille/acessibilidade', {
      label: 'relatar barreira',
      open: async (p) => {
        await p.getByRole('button', { name: 'Relatar uma barreira' }).click()
        await p.getByRole('dialog').waitFor()
      },
    })
    await audit.visit('/univille/procura-se', {
      label: 'publicar pedido',
      open: async (p) => {
        await p.getByRole('button', { name: 'Publicar pedido' }).first().click()
        await p.getByRole('dialog').getByRole('button', { name: 'Publicar pedido' }).click()
        await p.locator('[aria-invalid="true"]').first().waitFor()
      },
    })
    await audit.visit('/univille/vender', {
      open: async (p) => {
        await p.getByRole('button', { name: 'Publicar anúncio' }).click()
        await p.locator('[aria-invalid="true"]').first().waitFor()
      },
    })
    await page.setViewportSize(WIDTHS[0])
    await page.goto('/univille/portal')
    // The menu's sheet is fetched on the tap, and opens when it arrives.
    await page.getByRole('button', { name: 'Abrir menu' }).click()
    await page.getByRole('dialog').waitFor()
    await audit.here('menu do celular aberto')

    audit.verify()
    await context.close()
  }, 300_000)

  it('painel do moderador e do administrador, com os diálogos', async () => {
    const { context: modContext, page: modPage } = await stage.signedInPage(moderator, {
      device: 'desktop',
    })
    const audit = new Audit(modPage)
    for (const path of [
      '/univille/admin',
      '/univille/admin/anuncios',
      `/univille/admin/anuncios/${ids.removedListing}`,
      `/univille/admin/anuncios/${ids.listing}`,
      '/univille/admin/eventos',
      '/univille/admin/moderacao',
      '/univille/procura-se',
    ]) {
      await audit.visit(path)
    }
    await audit.visit('/univille/procura-se', {
      label: 'remover pedido',
      open: async (p) => {
        await p
          .getByRole('button', { name: /^Remover pedido/ })
          .first()
          .click()
        await p.getByRole('dialog').waitFor()
      },
    })
    await modContext.close()

    const { context, page } = await stage.adminPage()
    const adminAudit = new Audit(page)
    for (const path of [
      '/univille/admin',
      '/univille/admin/usuarios',
      '/univille/admin/aprovacoes',
      '/univille/admin/anuncios',
      '/univille/admin/eventos',
      '/univille/admin/banners',
      '/univille/admin/subcategorias',
      '/univille/admin/semestres',
      '/univille/admin/pontos-de-encontro',
      '/univille/admin/moderacao',
    ]) {
      await adminAudit.visit(path)
    }
    const dialogs: [string, (p: Page) => Promise<void>][] = [
      [
        '/univille/admin/usuarios',
        (p) =>
          p
            .getByRole('button', { name: /^Alterar permissões de/ })
            .first()
            .click(),
      ],
      [
        '/univille/admin/anuncios',
        (p) =>
          p
            .getByRole('button', { name: /^Remover anúncio/ })
            .first()
            .click(),
      ],
      ['/univille/admin/banners', (p) => p.getByRole('button', { name: /Novo banner/ }).click()],
      [
        '/univille/admin/subcategorias',
        (p) =>
          p
            .getByRole('button', { name: /^Adicionar subcategoria/ })
            .first()
            .click(),
      ],
      [
        '/univille/admin/pontos-de-encontro',
        (p) => p.getByRole('button', { name: 'Novo ponto de encontro' }).click(),
      ],
    ]
    for (const [path, openDialog] of dialogs) {
      await adminAudit.visit(path, {
        open: async (p) => {
          await openDialog(p)
          await p.locator('[role="dialog"], [role="alertdialog"]').first().waitFor()
        },
      })
    }
    audit.verify()
    adminAudit.verify()
    await context.close()
  }, 300_000)

  it('espaçamento de texto aumentado não faz a página rolar para o lado (1.4.12)', async () => {
    const { context, page } = await stage.signedInPage(member, {
      device: 'desktop',
    })
    await page.setViewportSize(WIDTHS[0])
    const overflowing: string[] = []
    for (const path of [
      '/univille/portal',
      `/univille/produto/${ids.listing}`,
      '/univille/vender',
      `/univille/chat/${ids.conversation}`,
      `/univille/evento/${ids.event}`,
      '/univille/acessibilidade',
    ]) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      // The spacing WCAG 1.4.12 asks a page to survive.
      await page.addStyleTag({
        content:
          '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
      })
      if (await scrollsSideways(page)) overflowing.push(path)
    }
    expect(overflowing).toEqual([])
    await context.close()
  }, 300_000)

  it('com menos movimento pedido pelo sistema, os avisos aparecem sem animação', async () => {
    const durations: Record<string, number> = {}
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await stage.browser.newContext({
        baseURL: stage.server.url,
        locale: 'pt-BR',
        reducedMotion,
      })
      const page = await context.newPage()
      await page.goto('/univille/auth?erro=google')
      const toast = page.locator('[data-sonner-toast]').first()
      await toast.waitFor()
      durations[reducedMotion] = await toast.evaluate((element) =>
        Math.max(
          ...getComputedStyle(element)
            .transitionDuration.split(',')
            .map((value) => Number.parseFloat(value)),
        ),
      )
      // Announced politely: the toaster is a live region.
      expect(await page.locator('[aria-live="polite"]:has([data-sonner-toast])').count()).toBeGreaterThan(0)
      await context.close()
    }
    expect(durations['no-preference']).toBeGreaterThan(0.1)
    expect(durations.reduce).toBeLessThan(0.001)
  })

  it('o verificador acusa um problema de verdade (botão sem nome)', async () => {
    const context = await stage.browser.newContext({ baseURL: stage.server.url, locale: 'pt-BR' })
    const page = await context.newPage()
    await page.goto('/univille/faq')
    await page.evaluate(() => document.body.append(document.createElement('button')))
    expect((await axeFindings(page)).filter(isSerious).map((f) => f.id)).toContain('button-name')
    await context.close()
  })
})
