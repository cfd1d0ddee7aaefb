import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventPageMeta } from '../../server/http/event-pages'
import { createApprovedEvent } from '../support/events'
import { type RunningApp, startAppWithPages } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

const INDEX_HTML =
  '<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><title>Vupt</title></head><body><div id="root"></div></body></html>'

const world = setUpTestWorld({ scope: 'file' })
let app: RunningApp

beforeAll(async () => {
  app = await startAppWithPages(world.services, {
    indexHtml: INDEX_HTML,
    pageMeta: (path) => eventPageMeta(world.db, path, world.services.publicUrl),
  })
})

afterAll(async () => {
  await app.close()
})

const occurrences = (text: string, part: string) => text.split(part).length - 1
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

describe('an event page with replacement patterns in the title', () => {
  // String.prototype.replace reads these in a replacement string: $` the text before the match,
  // $' the text after, $& the match, $$ a dollar sign.
  it.each(['Sarau $` das letras', "Sarau $' das letras", 'Sarau $& das letras', 'Sarau $$ das letras'])(
    '%s appears literally, and the page once',
    async (title) => {
      const id = await createApprovedEvent(world, { title })
      const response = await fetch(`${app.url}/univille/evento/${id}`, { headers: { accept: 'text/html' } })
      const html = await response.text()
      expect(response.status).toBe(200)
      expect(occurrences(html, `<meta property="og:title" content="${escapeHtml(title)}">`)).toBe(1)
      expect(occurrences(html, `<meta name="twitter:title" content="${escapeHtml(title)}">`)).toBe(1)
      for (const part of [
        '<!doctype html>',
        '<head>',
        '</head>',
        '<body>',
        '<title>Vupt</title>',
        'id="vupt-config"',
      ]) {
        expect(occurrences(html, part), part).toBe(1)
      }
    },
  )
})
