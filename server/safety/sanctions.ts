import { and, desc, eq, gt, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { preparedQuery } from '../db/prepared'
import { sanctions } from '../db/schema'

export type Suspension = { reason: string; endsAt: Date }

/** The suspension in force for the member, the one ending last; null when they may use Vupt. */
const suspensionInForce = preparedQuery((db) =>
  db
    .select({ reason: sanctions.reason, endsAt: sanctions.endsAt })
    .from(sanctions)
    .where(
      and(
        eq(sanctions.userId, sql.placeholder('userId')),
        eq(sanctions.kind, 'suspension'),
        gt(sanctions.endsAt, sql.placeholder('nowMs')),
      ),
    )
    .orderBy(desc(sanctions.endsAt))
    .prepare(),
)

export function activeSuspension(db: Database, userId: number, now = new Date()): Suspension | null {
  const row = suspensionInForce(db).get({ userId, nowMs: now.getTime() })
  return row?.endsAt ? { reason: row.reason, endsAt: row.endsAt } : null
}
