import type { Page } from 'playwright-core'
import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { newDesktopContext, newPhoneContext, signedInPage } from './support/browser'
import { ADMIN, DEMO_MEMBER } from './support/server'
import { setUpStage } from './support/stage'

const stage = setUpStage({ demo: true })

/*
 * `cn` joins classes without merging them, so two classes on one element that set the same CSS property
 * (`h-10` and `h-11`) would be decided by their order in the stylesheet, not by the caller. tailwind-merge
 * knows which utilities compete: an element's class list must come out of it whole.
 */

/** Each class list on the page whose tailwind-merge drops a class, with the classes dropped. */
async function conflictsOn(page: Page, path: string): Promise<string[]> {
  const lists = await page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll('[class]')].map((element) => element.getAttribute('class') ?? ''),
    ),
  ])
  return lists.flatMap((list) => {
    const kept = new Set(twMerge(list).split(' '))
    const dropped = list.split(/\s+/).filter((name) => name && !kept.has(name))
    return dropped.length > 0 ? [`${path}: "${dropped.join(' ')}" em "${list}"`] : []
  })
}

async function visit(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = []
  for (const path of paths) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    found.push(...(await conflictsOn(page, path)))
  }
  return found
}

/** The first link on the page whose address starts with `prefix`. */
async function firstLink(page: Page, prefix: string): Promise<string> {
  const href = await page.locator(`a[href^="${prefix}"]`).first().getAttribute('href')
  expect(href, prefix).toBeTruthy()
  return href as string
}

describe('nenhum elemento leva duas classes que disputam a mesma propriedade', () => {
  it('nas páginas públicas, no celular e no computador', async () => {
    const paths = [
      '/',
      '/univille',
      '/univille/portal',
      '/univille/eventos',
      '/univille/faq',
      '/univille/auth',
    ]
    for (const newContext of [newPhoneContext, newDesktopContext]) {
      const context = await newContext(stage.browser, stage.server.url)
      const page = await context.newPage()
      const found = await visit(page, [
        ...paths,
        '/univille/como-funciona',
        '/univille/sobre',
        '/univille/acessibilidade',
      ])
      await page.goto('/univille/eventos')
      found.push(...(await visit(page, [await firstLink(page, '/univille/evento/')])))
      await context.close()
      expect(found).toEqual([])
    }
  })

  it('nas páginas de um membro, no celular e no computador, com o menu da conta aberto', async () => {
    for (const device of ['phone', 'desktop'] as const) {
      const { context, page } = await signedInPage(stage.browser, stage.server.url, DEMO_MEMBER, { device })
      const found = await visit(page, [
        '/univille/portal',
        '/univille/criacoes',
        '/univille/procura-se',
        '/univille/meus-produtos',
        '/univille/meus-favoritos',
        '/univille/meus-eventos',
        '/univille/minha-conta',
        '/univille/minha-conta/seguranca',
        '/univille/vender',
        '/univille/criar-evento',
        '/univille/chat',
      ])
      await page.goto('/univille/portal')
      const listing = await firstLink(page, '/univille/produto/')
      found.push(...(await visit(page, [listing])))
      found.push(...(await visit(page, [await firstLink(page, '/univille/perfil/')])))
      await page.getByRole('button', { name: 'Menu da conta' }).click()
      await page.getByRole('menu').waitFor()
      found.push(...(await conflictsOn(page, 'menu da conta')))
      await context.close()
      expect(found).toEqual([])
    }
  })

  it('na administração', async () => {
    const { context, page } = await signedInPage(stage.browser, stage.server.url, ADMIN, {
      device: 'desktop',
    })
    const found = await visit(page, [
      '/univille/admin',
      '/univille/admin/usuarios',
      '/univille/admin/anuncios',
      '/univille/admin/eventos',
      '/univille/admin/banners',
      '/univille/admin/subcategorias',
      '/univille/admin/moderacao',
      '/univille/admin/denuncias',
    ])
    await context.close()
    expect(found).toEqual([])
  })
})
