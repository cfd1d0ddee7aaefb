import type { Response } from 'express'

/** An RFC 5545 file, sent as a download named `fileName` that calendars open. */
export function sendCalendarFile(res: Response, fileName: string, body: string): void {
  res
    .status(200)
    .type('text/calendar; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(body)
}
