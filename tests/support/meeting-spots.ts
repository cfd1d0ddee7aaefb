import type { Database } from '../../server/db/client'
import { meetingSpots } from '../../server/db/schema'
import { communityBySlug } from './test-app'

type SpotFields = Partial<typeof meetingSpots.$inferInsert>

/** A meeting spot, by default the library hall of the seeded community, open 08:00–21:00 Monday to Friday. */
export function insertMeetingSpot(db: Database, spot: SpotFields = {}): number {
  return db
    .insert(meetingSpots)
    .values({
      communityId: spot.communityId ?? communityBySlug(db, 'univille').id,
      name: 'Hall da biblioteca',
      description: 'Biblioteca central, térreo',
      opensAt: '08:00',
      closesAt: '21:00',
      weekdays: 31,
      ...spot,
    })
    .returning({ id: meetingSpots.id })
    .get().id
}

/** Every day of the week, around the clock. */
export const ALWAYS_OPEN = { opensAt: '00:00', closesAt: '23:59', weekdays: 127 } as const
