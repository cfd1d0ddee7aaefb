import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CLIENT_DIST,
  FIRST_LOAD_BUDGETS_KB,
  FIRST_LOAD_MAX_FILES,
  firstLoadBytes,
  firstLoadFiles,
  readManifest,
} from '../../scripts/lib/first-load'
import { entryKey, staticClosure } from '../../server/http/build-manifest'

// Reads the build `npm run test:e2e` has just made (dist/client and its manifest).
const manifest = readManifest()

/** The pages a visitor lands on from a shared link. */
const VISITOR_PAGES = [
  'pages/home/home-page.tsx',
  'pages/info/community-home-page.tsx',
  'pages/portal/portal-page.tsx',
  'pages/info/faq-page.tsx',
  'pages/events/event-page.tsx',
]

describe('o primeiro download das páginas que um link abre', () => {
  for (const [page, budgetKb] of Object.entries(FIRST_LOAD_BUDGETS_KB)) {
    it(`${page} cabe em ${budgetKb} KB em brotli`, () => {
      const kb = firstLoadBytes(manifest, page) / 1024
      expect(kb, `${page}: ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(budgetKb)
    })
  }

  it(`cada uma chega em até ${FIRST_LOAD_MAX_FILES} arquivos`, () => {
    for (const page of Object.keys(FIRST_LOAD_BUDGETS_KB)) {
      const files = firstLoadFiles(manifest, page)
      expect(files.length, `${page}: ${files.join(' ')}`).toBeLessThanOrEqual(FIRST_LOAD_MAX_FILES)
    }
  })

  it('nenhuma página sem formulário leva zod ou react-hook-form', () => {
    const formless = [
      ...Object.keys(FIRST_LOAD_BUDGETS_KB),
      'pages/info/faq-page.tsx',
      'pages/events/events-page.tsx',
      'pages/info/como-funciona-page.tsx',
      'pages/info/sobre-page.tsx',
    ]
    for (const page of formless) {
      expect(manifest[page], page).toBeDefined()
      const carrying = firstLoadFiles(manifest, page).filter((file) => {
        const code = readFileSync(join(CLIENT_DIST, file), 'utf8')
        // Names the minifier keeps: zod's error class, react-hook-form's field option.
        return code.includes('ZodError') || code.includes('shouldUnregister')
      })
      expect(carrying, page).toEqual([])
    }
  })

  it('a página de entrar leva o react-hook-form, mas o zod e os esquemas só na primeira validação', () => {
    const files = firstLoadFiles(manifest, 'pages/auth/auth-page.tsx')
    const code = files.map((file) => readFileSync(join(CLIENT_DIST, file), 'utf8')).join('\n')
    expect(code).toContain('shouldUnregister')
    expect(code).not.toContain('ZodError')
  })

  it('não traz o sino nem o menu da conta, que só um membro vê', () => {
    const memberActions = manifest['components/layout/signed-in-actions.tsx']?.file
    // A chunk of its own: imported statically again, it would be folded into the entry and vanish here.
    expect(memberActions).toMatch(/\.js$/)
    for (const page of VISITOR_PAGES) expect(firstLoadFiles(manifest, page)).not.toContain(memberActions)
  })

  it('a biblioteca das chaves de acesso só chega quando uma é usada', () => {
    const webauthn = Object.entries(manifest).find(([source]) =>
      source.includes('@simplewebauthn/browser'),
    )?.[1]
    expect(webauthn?.file).toMatch(/\.js$/)
    // The pages that offer passkeys import it only when someone signs in with one or adds one.
    for (const page of [entryKey(manifest), 'pages/auth/auth-page.tsx', 'pages/account/security-page.tsx']) {
      expect([...staticClosure(manifest, page)], page).not.toContain(webauthn?.file)
    }
  })

  it('o sino e o menu da conta de um membro só trazem a biblioteca de menus quando ele os procura', () => {
    const menus = Object.values(manifest).find((chunk) => chunk.file.includes('/dropdown-menu-'))?.file
    expect(menus).toMatch(/\.js$/)
    const memberActions = staticClosure(manifest, 'components/layout/signed-in-actions.tsx')
    expect(memberActions.size).toBeGreaterThan(0)
    expect([...memberActions]).not.toContain(menus)
  })

  it('o leitor de QR code (jsQR) não vem com nenhuma página: só chega quando a câmera abre sem BarcodeDetector', () => {
    const pages = Object.keys(manifest).filter((key) => /^pages\/.+-page\.tsx$/.test(key))
    expect(pages).toContain('pages/deals/handoff-page.tsx')
    expect(pages).toContain('pages/events/event-check-in-page.tsx')
    // jsQR's own option name, which the minifier keeps.
    const carriesReader = (file: string) =>
      readFileSync(join(CLIENT_DIST, file), 'utf8').includes('inversionAttempts')
    for (const page of pages) expect(firstLoadFiles(manifest, page).filter(carriesReader), page).toEqual([])
    const reader = manifest['features/events/canvas-qr-detector.ts']?.file
    expect(reader, 'o leitor num pedaço só dele').toMatch(/\.js$/)
    expect(carriesReader(reader ?? '')).toBe(true)
  })
})
