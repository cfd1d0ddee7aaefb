import type { Express } from 'express'
import { routes } from '../../shared/routes'
import { memberUrl } from '../communities/links'
import { meetingCalendarFile } from '../deals/my-meetings'
import { appError } from '../errors'
import { resolveSession } from '../people/auth/identity'
import type { AppServices } from '../services'
import { sendCalendarFile } from './calendar-file'

/**
 * 'Adicionar à agenda' on an agreed meeting: only its two participants download it, and nobody keeps a
 * copy on the way (where and when two people meet is theirs alone).
 */
export function mountMeetingCalendar(app: Express, services: AppServices) {
  app.get('/api/entregas/:id/calendario.ics', (req, res, next) => {
    res.set('Cache-Control', 'private, no-store')
    const { user } = resolveSession(services, req, (cookie) => res.append('Set-Cookie', cookie))
    if (!user?.approved || user.suspension) {
      next(appError('MEETING_NOT_FOUND'))
      return
    }
    const id = Number(req.params.id)
    const file =
      Number.isSafeInteger(id) && id > 0
        ? meetingCalendarFile(services.db, user.id, id, memberUrl(services, user.id, routes.myDeliveries()))
        : null
    if (!file) {
      next(appError('MEETING_NOT_FOUND'))
      return
    }
    sendCalendarFile(res, `entrega-${id}.ics`, file)
  })
}
