import type { ModerationAction, ModerationTarget } from '../../../shared/moderation'
import type { Database } from '../../db/client'
import { moderationLog } from '../../db/schema'
import type { CurrentUser } from '../../people/auth/identity'

export type ModerationEntry = {
  communityId: number | null
  /** Null for an action a user took on their own account. */
  moderatorId: number | null
  /** One of the shared vocabulary, so the log page has a label for every line. */
  actionType: ModerationAction
  targetType: ModerationTarget
  targetId: number
  reason?: string | null
}

/** Who did what, to what, when and why: every moderation action leaves a line. */
export function logModeration(db: Database, entry: ModerationEntry): void {
  db.insert(moderationLog)
    .values({ ...entry, reason: entry.reason ?? null })
    .run()
}

/** What a member of the staff did, logged in their own community under their name. */
export function logStaffAct(
  db: Database,
  staff: Pick<CurrentUser, 'id' | 'communityId'>,
  act: Omit<ModerationEntry, 'communityId' | 'moderatorId'>,
): void {
  logModeration(db, { communityId: staff.communityId, moderatorId: staff.id, ...act })
}
