import { and, asc, eq, isNull, lt, or } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { accessRecords, sessions } from '../../db/schema'

const HOUR = 60 * 60 * 1000
/** A session's use is recorded at most once an hour: enough to place it in time, without a row per request. */
export const SESSION_USE_RECORD_EVERY_MS = HOUR
/** How often the purge of old records runs. */
export const ACCESS_RECORDS_PURGE_EVERY_MS = 24 * HOUR

/** The oldest instant still kept: six calendar months before `now` (Marco Civil da Internet, art. 15). */
export function accessRecordsCutoff(now: Date): Date {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - 6)
  return cutoff
}

export function recordSignIn(db: Database, userId: number, ip: string | null, now = new Date()): void {
  db.insert(accessRecords).values({ userId, kind: 'sign_in', ip, createdAt: now }).run()
}

/** When the session's next use will be recorded (ms); a session never recorded is due now. */
export function sessionUseRecordDue(session: { accessRecordedAt: Date | null }): number {
  return session.accessRecordedAt ? session.accessRecordedAt.getTime() + SESSION_USE_RECORD_EVERY_MS : 0
}

/**
 * Records that a session was used, unless it was recorded within the last hour. The check reads the
 * session row the request already loaded; the write claims the hour first, so two requests of the
 * same session at once record it once.
 */
export function recordSessionUse(
  db: Database,
  session: { id: string; userId: number; accessRecordedAt: Date | null },
  ip: string | null,
  now = new Date(),
): void {
  if (now.getTime() < sessionUseRecordDue(session)) return
  const since = new Date(now.getTime() - SESSION_USE_RECORD_EVERY_MS)
  db.transaction((tx) => {
    const claimed = tx
      .update(sessions)
      .set({ accessRecordedAt: now })
      .where(
        and(
          eq(sessions.id, session.id),
          or(isNull(sessions.accessRecordedAt), lt(sessions.accessRecordedAt, since)),
        ),
      )
      .run()
    if (claimed.changes === 0) return
    tx.insert(accessRecords).values({ userId: session.userId, kind: 'session_use', ip, createdAt: now }).run()
  })
}

/** Deletes the records older than six months; returns how many went. */
export function purgeAccessRecords(db: Database, now = new Date()): number {
  return db
    .delete(accessRecords)
    .where(lt(accessRecords.createdAt, accessRecordsCutoff(now)))
    .run().changes
}

/** The member's own records, oldest first, for their data export. */
export function accessRecordsOf(db: Database, userId: number) {
  return db
    .select({ kind: accessRecords.kind, ip: accessRecords.ip, at: accessRecords.createdAt })
    .from(accessRecords)
    .where(eq(accessRecords.userId, userId))
    .orderBy(asc(accessRecords.createdAt), asc(accessRecords.id))
    .all()
}
