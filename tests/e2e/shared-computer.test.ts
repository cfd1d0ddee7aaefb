import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createMemberOnServer } from './support/accounts'
import { setUpStage } from './support/stage'

const stage = setUpStage()

/**
 * What the browser's HTTP cache still holds for the address, whatever its age (`only-if-cached`
 * never goes to the network); null when it holds nothing.
 */
const fromHttpCache = (page: Page, path: string) =>
  page.evaluate(async (address) => {
    try {
      const response = await fetch(address, { cache: 'only-if-cached', mode: 'same-origin' })
      return await response.text()
    } catch {
      return null
    }
  }, path)

/** Every address the site's Cache Storage holds (the service worker's build files among them). */
const cacheStoragePaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname)
    }
    return paths
  })

describe('computador compartilhado do campus', () => {
  it('depois de sair, o navegador não guarda nada do membro nem o mostra ao voltar à página', async () => {
    const student = await createMemberOnServer(stage.server.dataDir, 'Helena Compartilhada')
    const { context, page } = await stage.signedInPage(student, { device: 'desktop' })
    const memberPages = ['/univille/minha-conta/seguranca', '/univille/meus-favoritos']
    for (const path of memberPages) await page.goto(path)
    await page.getByRole('heading', { level: 1 }).waitFor()

    await page.getByRole('button', { name: 'Menu da conta' }).click()
    await page.getByRole('menuitem', { name: 'Sair' }).click()
    await page.getByRole('link', { name: 'Entrar / Criar Conta' }).waitFor()

    for (const path of memberPages) {
      const kept = await fromHttpCache(page, path)
      expect(kept ?? '', path).not.toContain(student.email)
      expect(kept ?? '', path).not.toContain(student.fullName)
    }
    const stored = await cacheStoragePaths(page)
    expect(stored.filter((path) => !/^\/(assets\/|offline\.html$|favicon\.svg$)/.test(path))).toEqual([])

    // Reopening a member's page asks to sign in, with nothing of theirs on it.
    await page.goto(memberPages[0] ?? '')
    await page.waitForURL(/\/univille\/auth\?from=/)
    expect(await page.content()).not.toContain(student.email)
    await context.close()
  })
})
