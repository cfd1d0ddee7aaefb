import { and, desc, eq, gt } from 'drizzle-orm'
import type { Database } from '../db/client'
import { sanctions } from '../db/schema'

export type Suspension = { reason: string; endsAt: Date }

/** The suspension in force for the member, the one ending last; null when they may use Vupt. */
export function activeSuspension(db: Database, userId: number, now = new Date()): Suspension | null {
  const row = db
    .select({ reason: sanctions.reason, endsAt: sanctions.endsAt })
    .from(sanctions)
    .where(and(eq(sanctions.userId, userId), eq(sanctions.kind, 'suspension'), gt(sanctions.endsAt, now)))
    .orderBy(desc(sanctions.endsAt))
    .get()
  return row?.endsAt ? { reason: row.reason, endsAt: row.endsAt } : null
}
