import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApprovedStudent, type Student, signIn } from './support/accounts'
import { launchBrowser, newPhoneContext } from './support/browser'
import { type RunningServer, startServer } from './support/server'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let server: RunningServer
let browser: Browser
let student: Student

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/** axe-core's serious and critical findings on the page as it is now (WCAG 2 A and AA rules). */
async function seriousViolations(page: Page): Promise<string[]> {
  // evaluate() runs outside the page's CSP, which forbids injected scripts.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> }
      }
    ).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } })
    return result.violations
  })
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} → ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
}

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
  student = await createApprovedStudent(server.dataDir, 'Iris Nogueira')
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('acessibilidade (axe-core, WCAG 2 A e AA)', () => {
  it('páginas públicas e de membro não têm violações sérias ou críticas', async () => {
    const context = await newPhoneContext(browser, server.url)
    const page = await context.newPage()
    const findings: Record<string, string[]> = {}
    const check = async (path: string) => {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      const found = await seriousViolations(page)
      if (found.length > 0) findings[path] = found
    }

    for (const path of [
      '/',
      '/univille',
      '/univille/auth',
      '/univille/portal',
      '/univille/faq',
      '/univille/eventos',
    ]) {
      await check(path)
    }
    await page.goto('/univille/auth')
    await signIn(page, student.email, student.password)
    for (const path of [
      '/univille/portal',
      '/univille/vender',
      '/univille/chat',
      '/univille/minha-conta',
      '/univille/minha-conta/seguranca',
    ]) {
      await check(path)
    }
    expect(findings).toEqual({})

    // The harness itself must see a real problem: a button with no accessible name.
    await page.evaluate(() => document.body.append(document.createElement('button')))
    expect((await seriousViolations(page)).some((finding) => finding.startsWith('button-name'))).toBe(true)
    await context.close()
  })
})
