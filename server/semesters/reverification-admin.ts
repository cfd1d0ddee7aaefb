/** The admin's side of the semester's e-mail confirmation: who still owes it, and more time for one member. */
import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rowWhere } from '../db/rows'
import { alumni, communities, profiles, reverifications, users } from '../db/schema'
import { appError } from '../errors'
import { resumeListingsOf } from '../listings/life'
import type { CurrentUser } from '../people/auth/identity'
import type { AppServices } from '../services'
import { calendarDayIn, endOfDay, reverificationSemester } from './calendar'
import { askedBySemester, deadlineOf, memberCommunity } from './reverification'

/** The admin's list: members of the community who owe the current confirmation, soonest deadline first. */
export function pendingReverifications(db: Database, admin: CurrentUser, now = new Date()) {
  const community = admin.communityId
    ? db.select().from(communities).where(eq(communities.id, admin.communityId)).get()
    : undefined
  if (!community) return { semester: null, members: [] }
  const semester = reverificationSemester(db, community.id, community.timeZone, now)
  if (!semester) return { semester: null, members: [] }
  const rows = db
    .select({
      userId: users.id,
      email: users.email,
      fullName: profiles.fullName,
      username: profiles.username,
      noticedAt: reverifications.noticedAt,
      extendedUntil: reverifications.extendedUntil,
      alumniSince: alumni.since,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(
      reverifications,
      and(eq(reverifications.semesterId, semester.id), eq(reverifications.userId, users.id)),
    )
    .leftJoin(alumni, eq(alumni.userId, users.id))
    .where(askedBySemester(community, semester))
    .all()
  const members = rows
    .map(({ noticedAt, extendedUntil, ...member }) => ({
      ...member,
      noticed: noticedAt !== null,
      deadline: deadlineOf(semester, community.timeZone, { noticedAt, extendedUntil }),
    }))
    .sort((a, b) => a.deadline.getTime() - b.deadline.getTime())
  return { semester: { name: semester.name, startsOn: semester.startsOn }, members }
}

/**
 * An admin gives a member of their community until the end of `until` (campus time). An egresso whose
 * new deadline is ahead is one no longer: their listings come back until then.
 */
export function extendReverification(
  services: AppServices,
  admin: CurrentUser,
  userId: number,
  until: string,
  now = new Date(),
) {
  const { db } = services
  const community = memberCommunity(db, userId)
  const approved = rowWhere(db, profiles, 'userId', userId, ['approved'])?.approved
  if (!community || community.id !== admin.communityId || !approved) {
    throw appError('USER_NOT_FOUND')
  }
  const semester = reverificationSemester(db, community.id, community.timeZone, now)
  if (!semester) throw appError('REVERIFICATION_NOT_DUE')
  const extendedUntil = endOfDay(until, community.timeZone)
  if (extendedUntil.getTime() <= now.getTime() || until < calendarDayIn(now, community.timeZone)) {
    throw appError('REVERIFICATION_EXTENSION_PAST')
  }
  db.transaction(() => {
    db.insert(reverifications)
      .values({ semesterId: semester.id, userId, extendedUntil })
      .onConflictDoUpdate({
        target: [reverifications.semesterId, reverifications.userId],
        set: { extendedUntil },
      })
      .run()
    if (db.delete(alumni).where(eq(alumni.userId, userId)).run().changes > 0)
      resumeListingsOf(db, userId, now)
  })
  services.bus.publish('account', userId, { userId, reason: 'profile' })
  return { userId, deadline: extendedUntil }
}
