import { and, eq } from 'drizzle-orm'
import type { Database } from '../../server/db/client'
import { notifications } from '../../server/db/schema'
import type { NotificationKind } from '../../shared/safety'

/** The notifications of one kind a member has, read or not. */
export function notificationsOf(db: Database, userId: number, kind: NotificationKind) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
    .all()
}
