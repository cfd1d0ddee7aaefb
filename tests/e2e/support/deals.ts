import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import type { Database } from '../../../server/db/client'
import { communities, meetingSpots } from '../../../server/db/schema'

/** A Univille meeting spot open every day and hour, so a test that proposes a meeting passes whenever it runs. */
export function createAlwaysOpenSpot(db: Database, name: string, description: string): void {
  const community = db.select().from(communities).where(eq(communities.slug, 'univille')).get()
  if (!community) throw new Error('sem comunidade')
  db.insert(meetingSpots)
    .values({
      communityId: community.id,
      name,
      description,
      opensAt: '00:00',
      closesAt: '23:59',
      weekdays: 127,
    })
    .run()
}

/** A time `minutes` ahead, rounded up to five minutes, as São Paulo's date and clock fields show it. */
export function aheadInSaoPaulo(minutes: number): { date: string; time: string } {
  const step = 5 * 60 * 1000
  const at = new Date(Math.ceil((Date.now() + minutes * 60 * 1000) / step) * step)
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at)
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at)
  return { date, time }
}

/** The conversation's pinned meeting area. */
export const meetingRegion = (page: Page) => page.getByRole('region', { name: 'Entrega' })
