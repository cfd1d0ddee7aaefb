/**
 * "Pontos de encontro": the community's safe hand-off spots on campus, managed by its admins. A spot a
 * meeting used stays (retired, if need be): the meeting keeps pointing at where it happened.
 */
import { and, asc, count, eq, isNull } from 'drizzle-orm'
import type { MeetingSpotInput } from '../../shared/schemas/meeting-spots'
import { memberCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import { meetingSpots, meetings } from '../db/schema'
import { appError } from '../errors'
import type { CurrentUser } from '../people/auth/identity'

const notFound = () => appError('MEETING_SPOT_NOT_FOUND')

const ownSpot = (admin: CurrentUser, id: number) =>
  and(eq(meetingSpots.id, id), eq(meetingSpots.communityId, memberCommunityId(admin)))

/** What a member sees of a meeting spot. */
export const spotColumns = {
  id: meetingSpots.id,
  name: meetingSpots.name,
  description: meetingSpots.description,
  opensAt: meetingSpots.opensAt,
  closesAt: meetingSpots.closesAt,
  weekdays: meetingSpots.weekdays,
}

/** The admin's list: every spot of the community, retired ones too, with how many meetings used each. */
export function communitySpots(db: Database, admin: CurrentUser) {
  return db
    .select({
      ...spotColumns,
      retiredAt: meetingSpots.retiredAt,
      meetings: count(meetings.id),
    })
    .from(meetingSpots)
    .leftJoin(meetings, eq(meetings.spotId, meetingSpots.id))
    .where(eq(meetingSpots.communityId, memberCommunityId(admin)))
    .groupBy(meetingSpots.id)
    .orderBy(asc(meetingSpots.name), asc(meetingSpots.id))
    .all()
}

/** The spots a member may propose: the community's, not retired. */
export function activeSpots(db: Database, member: CurrentUser) {
  return db
    .select(spotColumns)
    .from(meetingSpots)
    .where(and(eq(meetingSpots.communityId, memberCommunityId(member)), isNull(meetingSpots.retiredAt)))
    .orderBy(asc(meetingSpots.name), asc(meetingSpots.id))
    .all()
}

export function createSpot(db: Database, admin: CurrentUser, input: MeetingSpotInput) {
  return db
    .insert(meetingSpots)
    .values({ ...input, communityId: memberCommunityId(admin) })
    .returning({ id: meetingSpots.id })
    .get()
}

export function updateSpot(db: Database, admin: CurrentUser, id: number, input: MeetingSpotInput) {
  const updated = db
    .update(meetingSpots)
    .set(input)
    .where(ownSpot(admin, id))
    .returning({ id: meetingSpots.id })
    .get()
  if (!updated) throw notFound()
  return updated
}

/** Retired spots stay for the meetings that used them and are no longer offered; unretiring brings one back. */
export function setSpotRetired(db: Database, admin: CurrentUser, id: number, retired: boolean) {
  const updated = db
    .update(meetingSpots)
    .set({ retiredAt: retired ? new Date() : null })
    .where(ownSpot(admin, id))
    .returning({ id: meetingSpots.id, retiredAt: meetingSpots.retiredAt })
    .get()
  if (!updated) throw notFound()
  return updated
}

/** Only a spot no meeting ever used can go; the others are retired instead. */
export function deleteSpot(db: Database, admin: CurrentUser, id: number) {
  return db.transaction((tx) => {
    const spot = tx.select({ id: meetingSpots.id }).from(meetingSpots).where(ownSpot(admin, id)).get()
    if (!spot) throw notFound()
    const used = tx.select({ total: count() }).from(meetings).where(eq(meetings.spotId, id)).get()
    if ((used?.total ?? 0) > 0) throw appError('MEETING_SPOT_IN_USE')
    tx.delete(meetingSpots).where(eq(meetingSpots.id, id)).run()
    return { id }
  })
}
