import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageRenderer } from '../../shared/ssr'
import { type RunningApp, startAppWithPages } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

const INDEX_HTML =
  '<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><meta name="description" content="Vupt" /><title>Vupt</title></head><body><div id="root"></div></body></html>'

const world = setUpTestWorld({ scope: 'file' })
let app: RunningApp

/** A page that names itself after the `titulo` in its address, as an event or a listing names its page. */
const renderer: PageRenderer = {
  render: async ({ url }) => {
    const title = new URL(url, 'http://vupt.invalid').searchParams.get('titulo') ?? ''
    return {
      html: `<h1>${title.replace(/[&<>"']/g, '')}</h1>`,
      state: { queries: {}, lazy: [] },
      dates: {},
      failed: false,
      meta: { title: `${title} · Vupt`, preview: { description: `${title}, no campus.` } },
    }
  },
}

beforeAll(async () => {
  app = await startAppWithPages(world.services, { indexHtml: INDEX_HTML, renderer })
})

afterAll(async () => {
  await app.close()
})

const occurrences = (text: string, part: string) => text.split(part).length - 1
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

describe('a page whose title holds replacement patterns or markup', () => {
  // String.prototype.replace reads these in a replacement string: $` the text before the match,
  // $' the text after, $& the match, $$ a dollar sign.
  it.each([
    'Sarau $` das letras',
    "Sarau $' das letras",
    'Sarau $& das letras',
    'Sarau $$ das letras',
    'Sarau "</title><script>alert(1)</script>',
  ])('%s appears literally, and the page once', async (title) => {
    const response = await fetch(`${app.url}/univille/evento/1?titulo=${encodeURIComponent(title)}`, {
      headers: { accept: 'text/html' },
    })
    const html = await response.text()
    expect(response.status).toBe(200)
    const escaped = escapeHtml(title)
    expect(occurrences(html, `<title>${escaped} · Vupt</title>`)).toBe(1)
    expect(occurrences(html, `<meta property="og:title" content="${escaped} · Vupt">`)).toBe(1)
    expect(occurrences(html, `<meta name="twitter:title" content="${escaped} · Vupt">`)).toBe(1)
    expect(occurrences(html, `<meta name="description" content="${escaped}, no campus." />`)).toBe(1)
    expect(html).not.toContain('<script>alert')
    for (const part of ['<!doctype html>', '<head>', '</head>', '<body>', '<title>', 'id="vupt-config"']) {
      expect(occurrences(html, part), part).toBe(1)
    }
  })
})
