import { and, eq } from 'drizzle-orm'
import type { Express } from 'express'
import { createEvent } from 'ics'
import { routes } from '../../shared/routes'
import { toMultiLine, toSingleLine } from '../../shared/schemas/text'
import { communityUrl } from '../communities/links'
import type { Database } from '../db/client'
import { communities, events } from '../db/schema'
import { appError } from '../errors'
import { isPublicEvent } from '../events/visibility'
import { sendCalendarFile } from './calendar-file'

/** Events leave the public eye unless approved (or called off, so attendees learn it). */
function publicEvent(db: Database, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined
  return db
    .select({ event: events, communitySlug: communities.slug })
    .from(events)
    .innerJoin(communities, eq(communities.id, events.communityId))
    .where(and(eq(events.id, id), isPublicEvent))
    .get()
}

/** 'Adicionar ao calendário': an RFC 5545 file with the start in UTC, which every calendar converts. */
export function mountEventCalendar(app: Express, db: Database, publicUrl: string) {
  app.get('/api/eventos/:id/calendario.ics', (req, res, next) => {
    const found = publicEvent(db, Number(req.params.id))
    if (!found) {
      next(appError('EVENT_NOT_FOUND'))
      return
    }
    const { event, communitySlug } = found
    // Cleaned again here: rows written before the input rules existed may hold a lone CR, which
    // would start a new line (a new property) in the file; the ics package only escapes LF.
    const { error, value } = createEvent({
      uid: `evento-${event.id}@vupt`,
      title: toSingleLine(event.title),
      description: toMultiLine(event.description),
      location: toSingleLine(event.location),
      // Under the community's prefix: on a sharded deploy only that path reaches the event's machine.
      url: communityUrl(publicUrl, communitySlug, routes.event(event.id)),
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
    sendCalendarFile(res, `evento-${event.id}.ics`, value)
  })
}
