import { describe, expect, it } from 'vitest'
import { firstLoadFiles, readManifest } from '../../scripts/lib/first-load'

/** The pages a visitor lands on from a shared link. */
const VISITOR_PAGES = [
  'pages/home/home-page.tsx',
  'pages/info/community-home-page.tsx',
  'pages/info/faq-page.tsx',
  'pages/events/event-page.tsx',
]

describe('o primeiro download de um visitante', () => {
  it('não traz o sino nem o menu da conta, que só um membro vê', () => {
    const manifest = readManifest()
    const memberActions = manifest['components/layout/signed-in-actions.tsx']?.file
    // A chunk of its own: imported statically again, it would be folded into the entry and vanish here.
    expect(memberActions).toMatch(/\.js$/)
    for (const page of VISITOR_PAGES) expect(firstLoadFiles(manifest, page)).not.toContain(memberActions)
  })
})
