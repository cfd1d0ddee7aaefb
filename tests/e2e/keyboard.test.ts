import type { BrowserContext, Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createConversation, createEvent, createListing, createStudent } from '../../server/db/factories'
import { currentTotpCode } from '../../server/people/auth/two-factor'
import { createMemberOnServer, enrolTwoFactor, type ServerMember } from './support/accounts'
import { withServerDatabase } from './support/database'
import { Keyboard, pasteAllowed } from './support/keyboard'
import { setUpPhotoFiles } from './support/photos'
import { ADMIN } from './support/server'
import { setUpStage } from './support/stage'

// Every step here goes through the keyboard: no click(), no fill(), no focus().
const stage = setUpStage()
let member: ServerMember
const photos = setUpPhotoFiles(800, 600)
const ids = { conversation: 0, event: 0 }
const pendingName = 'Telma Pendente'

beforeAll(async () => {
  member = await createMemberOnServer(stage.server.dataDir, 'Kaio Teclado')
  await withServerDatabase(stage.server.dataDir, async (db) => {
    const seller = await createStudent(db, { fullName: 'Lia Vendedora', member: true })
    await createStudent(db, { fullName: pendingName, emailVerified: true })
    const [rulerId] = [
      ['Régua T de desenho técnico', 6000],
      ['Régua escalímetro triangular', 2500],
      ['Compasso de precisão', 4000],
    ].map(([title, priceCents]) =>
      createListing(db, { sellerId: seller.id, title: String(title), priceCents: Number(priceCents) }),
    )
    // The member asked about the ruler: the conversation is about that listing.
    ids.conversation = createConversation(db, member.id, seller.id, rulerId)
    ids.event = createEvent(db, {
      organizerId: seller.id,
      title: 'Mutirão de Estudos de Cálculo',
      status: 'aprovado',
    })
  })
})

/** Signs in from /univille/auth with Tab, typing and Enter only (and the second factor when given). */
async function signInByKeyboard(
  page: Page,
  keys: Keyboard,
  email: string,
  password: string,
  totpKey?: string,
) {
  await page.goto('/univille/auth')
  await keys.tabTo(page.getByLabel('Email'))
  await keys.type(email)
  await keys.tabTo(page.getByLabel('Senha'))
  expect(await pasteAllowed(page.getByLabel('Senha'))).toBe(true)
  await keys.type(password)
  await keys.press('Enter')
  if (totpKey) {
    const code = page.getByLabel('Código de verificação')
    await code.waitFor()
    expect(await pasteAllowed(code)).toBe(true)
    await keys.tabTo(code)
    await keys.type(currentTotpCode(totpKey))
    await keys.press('Enter')
  }
  await page.getByText('Login realizado! Vupt! 🎉').waitFor()
}

/** The main colour of an image as shown (red or blue fixtures), read from its pixels. */
function colourOf(image: Locator): Promise<'vermelha' | 'azul'> {
  return image.evaluate(async (element) => {
    const img = element as HTMLImageElement
    await img.decode()
    const canvas = document.createElement('canvas')
    canvas.width = 4
    canvas.height = 4
    const context = canvas.getContext('2d')
    context?.drawImage(img, 0, 0, 4, 4)
    const [r = 0, , b = 0] = context?.getImageData(2, 2, 1, 1).data ?? []
    return r > b ? 'vermelha' : 'azul'
  })
}

let memberContext: BrowserContext
let memberPage: Page
let memberKeys: Keyboard

describe('só com o teclado', () => {
  it('o link para pular ao conteúdo leva o foco ao conteúdo; nada prende o teclado', async () => {
    const context = await stage.phoneContext()
    const page = await context.newPage()
    const keys = new Keyboard(page)
    await page.goto('/univille/faq')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await keys.press('Tab')
    expect(await keys.focused()).toBe('Pular para o conteúdo')
    await keys.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('conteudo')

    // Tab all the way: focus leaves the last control of the page and comes back to the first.
    const first = await page.evaluate(() => {
      ;(document.activeElement as HTMLElement | null)?.blur()
      return null
    })
    expect(first).toBeNull()
    const stops = new Set<string>()
    let cameBack = false
    for (let presses = 0; presses < 150 && !cameBack; presses++) {
      await keys.press('Tab')
      const label = await keys.focused()
      if (label === 'Pular para o conteúdo' && stops.size > 0) cameBack = true
      stops.add(label)
    }
    expect(cameBack).toBe(true)
    expect(stops).toContain('Acessibilidade em LibrasDesativada')
    expect(keys.problems).toEqual([])
    await context.close()
  })

  it('entra com o segundo fator e aprova um membro no painel', async () => {
    const context = await stage.phoneContext()
    const page = await context.newPage()
    const keys = new Keyboard(page)
    await signInByKeyboard(
      page,
      keys,
      ADMIN.email,
      ADMIN.password,
      enrolTwoFactor(stage.server.dataDir, ADMIN.email),
    )
    await page.goto('/univille/admin/usuarios')
    await keys.tabTo(page.getByRole('button', { name: `Aprovar ${pendingName}` }))
    await keys.press('Enter')
    await page.getByText('Usuário aprovado com sucesso!').first().waitFor()
    expect(keys.problems).toEqual([])
    await context.close()
  })

  it('anuncia com duas fotos e troca a ordem delas pelos botões', async () => {
    memberContext = await stage.phoneContext()
    memberPage = await memberContext.newPage()
    memberKeys = new Keyboard(memberPage)
    const page = memberPage
    const keys = memberKeys
    await signInByKeyboard(page, keys, member.email, member.password)

    // Listening from before the page opens: the browser intercepts file dialogs only once told to, and
    // a listener added just before Enter could lose that race.
    page.on('filechooser', (chooser) => void chooser.setFiles(photos))
    await page.goto('/univille/vender')
    const title = 'Luminária de mesa articulada'
    await keys.tabTo(page.getByLabel('Título'))
    await keys.type(title)
    await keys.tabTo(page.getByLabel('Descrição'))
    await keys.type('Luminária de mesa com braço articulado, ótima para estudar à noite.')
    await keys.tabTo(page.getByLabel('Preço'))
    await keys.type('80')
    await keys.tabTo(page.getByRole('combobox', { name: 'Categoria principal' }))
    await keys.press('Enter')
    await page.getByRole('listbox').waitFor()
    await keys.type('Desap')
    await keys.press('Enter')
    await keys.tabTo(page.getByRole('combobox', { name: 'Subcategoria' }))
    await keys.press('Enter')
    await page.getByRole('listbox').waitFor()
    await keys.press('Enter')
    // A radio group is one Tab stop; the arrows move the choice.
    await keys.tabTo(page.getByRole('radio', { name: 'Novo', exact: true }))
    await keys.press('ArrowRight')
    await keys.press('ArrowRight')
    expect(await page.getByRole('radio', { name: 'Usado', exact: true }).isChecked()).toBe(true)

    await keys.tabTo(page.getByRole('button', { name: 'Fotos', exact: true }))
    await keys.press('Enter')
    const previews = page.locator('ul[aria-label="Fotos do anúncio"] img')
    await expect.poll(() => previews.count()).toBe(2)
    expect(await colourOf(previews.first())).toBe('vermelha')
    expect(await previews.first().getAttribute('alt')).toBe('Foto 1 (capa)')

    // The single-pointer (and keyboard) alternative to dragging: the move buttons.
    await keys.tabTo(page.getByRole('button', { name: 'Mover foto 1 para a direita' }))
    await keys.press('Enter')
    await expect.poll(() => colourOf(previews.first())).toBe('azul')
    expect(await keys.focused()).toBe('Mover foto 2 para a esquerda')

    await keys.tabTo(page.getByRole('button', { name: 'Publicar anúncio' }))
    await keys.press('Enter')
    await page.getByText('Anúncio criado com sucesso!').waitFor()
    await page.waitForURL(/\/meus-produtos$/)

    // On the listing's page the blue photo leads, and each photo is named by title and position.
    await keys.tabTo(page.getByRole('link', { name: new RegExp(title) }).first())
    await keys.press('Enter')
    await page.waitForURL(/\/produto\/\d+/)
    const cover = page.getByRole('img', { name: `${title} — foto 1` })
    expect(await colourOf(cover)).toBe('azul')
    // The carousel by keyboard: the next photo is announced as photo 2.
    await keys.tabTo(page.getByRole('button', { name: 'Próxima foto' }))
    await keys.press('Enter')
    expect(await colourOf(page.getByRole('img', { name: `${title} — foto 2` }))).toBe('vermelha')
    expect(keys.problems).toEqual([])
  })

  it('busca e filtra o portal', async () => {
    const page = memberPage
    const keys = memberKeys
    await page.goto('/univille/portal')
    await keys.tabTo(page.getByRole('searchbox').first())
    await keys.type('regua')
    await keys.press('Enter')
    await page.waitForURL(/q=regua/)
    await page.getByText('Compasso de precisão').waitFor({ state: 'detached' })
    // A render arriving while the list is open (the search's last answers) can put focus back on the
    // current sort: the list is opened once the page has stopped fetching.
    await page.waitForLoadState('networkidle')
    // The list opens on the current sort; each arrow moves one option down (focus moves a beat later).
    await keys.tabTo(page.getByRole('combobox', { name: 'Ordenar por' }))
    await keys.press('ArrowDown')
    await expect.poll(() => keys.settledFocus()).toBe('Mais recentes')
    await keys.press('ArrowDown')
    await expect.poll(() => keys.focused()).toBe('Mais Vupts')
    await keys.press('ArrowDown')
    await expect.poll(() => keys.focused()).toBe('Menor preço')
    await keys.press('Enter')
    await page.waitForURL(/sort=price-asc/)
    const titles = page.getByRole('heading', { name: /Régua/ })
    await expect
      .poll(() => titles.allTextContents())
      .toEqual(['Régua escalímetro triangular', 'Régua T de desenho técnico'])
    expect(keys.problems).toEqual([])
  })

  it('manda mensagem no chat e confirma presença num evento', async () => {
    const page = memberPage
    const keys = memberKeys
    await page.goto(`/univille/chat/${ids.conversation}`)
    await keys.tabTo(page.getByRole('textbox', { name: 'Mensagem' }))
    await keys.type('Oi! A régua T ainda está disponível?')
    await keys.press('Enter')
    await page
      .getByRole('list', { name: 'Mensagens' })
      .getByText('Oi! A régua T ainda está disponível?')
      .waitFor()
    expect(await keys.focused()).toBe('')
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA')

    await page.goto(`/univille/evento/${ids.event}`)
    await keys.tabTo(page.getByRole('button', { name: 'Vou participar' }))
    await keys.press('Enter')
    await page.getByText('Você confirmou presença').waitFor()
    expect(keys.problems).toEqual([])
  })

  it('faz uma oferta na conversa sobre um anúncio', async () => {
    const page = memberPage
    const keys = memberKeys
    await page.goto(`/univille/chat/${ids.conversation}`)
    const trigger = page.getByRole('button', { name: 'Fazer uma oferta' })
    await keys.tabTo(trigger)
    await keys.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Fazer uma oferta' })
    await keys.tabTo(dialog.getByLabel('Valor (R$)'))
    await keys.type('55')
    await keys.press('Enter')
    await page
      .getByRole('list', { name: 'Mensagens' })
      .getByRole('article', { name: /R\$\s55,00/ })
      .waitFor()
    await dialog.waitFor({ state: 'detached' })
    expect(keys.problems).toEqual([])
  })

  it('o diálogo de criar prende o foco e o devolve ao botão ao fechar', async () => {
    const page = memberPage
    const keys = memberKeys
    await page.goto('/univille/portal')
    const trigger = page.getByRole('button', { name: 'Criar', exact: true })
    await keys.tabTo(trigger)
    await keys.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'O que você quer fazer?' })
    await dialog.waitFor()
    for (let presses = 0; presses < 8; presses++) {
      await keys.press('Tab')
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await keys.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(keys.problems).toEqual([])
    await memberContext.close()
  })
})
