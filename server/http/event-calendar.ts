import { and, eq } from 'drizzle-orm'
import type { Express } from 'express'
import { createEvent } from 'ics'
import { toMultiLine, toSingleLine } from '../../shared/schemas/text'
import type { Database } from '../db/client'
import { events } from '../db/schema'
import { isPublicEvent } from '../events/visibility'

/** Events leave the public eye unless approved (or called off, so attendees learn it). */
function publicEvent(db: Database, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined
  return db
    .select()
    .from(events)
    .where(and(eq(events.id, id), isPublicEvent))
    .get()
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const longDate = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date)

/**
 * Open Graph and Twitter tags for an event page, so a link shared in WhatsApp shows a preview.
 * Returns null for any other path.
 */
export function eventPageMeta(
  db: Database,
  path: string,
  publicUrl: string,
  timeZone = 'America/Sao_Paulo',
): string | null {
  const match = /^(\/[^/]+)?\/evento\/(\d+)\/?$/.exec(path)
  if (!match) return null
  const event = publicEvent(db, Number(match[2]))
  if (!event) return null
  const when = longDate(event.startsAt, timeZone)
  const description = `${when} · ${event.location}. ${event.description}`.slice(0, 200)
  const tags: [string, string][] = [
    ['og:type', 'website'],
    ['og:title', event.title],
    ['og:description', description],
    ['og:url', `${publicUrl}${path}`],
    ['og:site_name', 'Vupt'],
    ['og:locale', 'pt_BR'],
    ['twitter:card', event.imageUrl ? 'summary_large_image' : 'summary'],
    ['twitter:title', event.title],
    ['twitter:description', description],
  ]
  if (event.imageUrl) {
    // Under the page's prefix, like the page's own photos: the machine of that community has the file.
    const image = `${publicUrl}${match[1] ?? ''}${event.imageUrl}`
    tags.push(['og:image', image], ['twitter:image', image])
  }
  return tags
    .map(([key, value]) =>
      key.startsWith('og:')
        ? `<meta property="${key}" content="${escapeHtml(value)}">`
        : `<meta name="${key}" content="${escapeHtml(value)}">`,
    )
    .join('')
}

/** 'Adicionar ao calendário': an RFC 5545 file with the start in UTC, which every calendar converts. */
export function mountEventCalendar(app: Express, db: Database, publicUrl: string) {
  app.get('/api/eventos/:id/calendario.ics', (req, res, next) => {
    const event = publicEvent(db, Number(req.params.id))
    if (!event) {
      res.status(404).json({ error: 'Evento não encontrado' })
      return
    }
    // Cleaned again here: rows written before the input rules existed may hold a lone CR, which
    // would start a new line (a new property) in the file; the ics package only escapes LF.
    const { error, value } = createEvent({
      uid: `evento-${event.id}@vupt`,
      title: toSingleLine(event.title),
      description: toMultiLine(event.description),
      location: toSingleLine(event.location),
      url: `${publicUrl}/evento/${event.id}`,
      start: event.startsAt.getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { hours: 2 },
      status: event.status === 'cancelado' ? 'CANCELLED' : 'CONFIRMED',
      productId: 'vupt/eventos',
    })
    if (error || !value) {
      // The final error handler logs the library's error and answers with a generic message.
      next(error ?? new Error(`calendário vazio para o evento ${event.id}`))
      return
    }
    res
      .status(200)
      .type('text/calendar; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="evento-${event.id}.ics"`)
      .send(value)
  })
}
