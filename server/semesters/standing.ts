import { eq } from 'drizzle-orm'
import { mayPublish } from '../../shared/publishing'
import type { Database } from '../db/client'
import { alumni } from '../db/schema'
import { appError } from '../errors'

/** Since when the member is an egresso, or null. */
export function alumniSince(db: Database, userId: number): Date | null {
  return db.select({ since: alumni.since }).from(alumni).where(eq(alumni.userId, userId)).get()?.since ?? null
}

/**
 * The one check before anything a member publishes (shared/publishing.ts lists what that is): an egresso
 * publishes nothing until they confirm their institutional e-mail again.
 */
export function assertMayPublish(db: Database, user: { id: number }): void {
  if (!mayPublish({ alumniSince: alumniSince(db, user.id) })) throw appError('ALUMNI_CANNOT_PUBLISH')
}
