import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { profiles } from '../../db/schema'

/** A member's handle and name, as staff lists and match notices name them. */
export const memberNameColumns = { username: profiles.username, fullName: profiles.fullName }

/** How a member appears beside what they did (a card, a conversation, a block list): handle, name, photo. */
export const memberChipColumns = { ...memberNameColumns, avatarUrl: profiles.avatarUrl }

/** One member's chip, read alone: the other side of a conversation or of a hand-off. */
export function memberChip(db: Database, userId: number) {
  return db.select(memberChipColumns).from(profiles).where(eq(profiles.userId, userId)).get()
}

/** What a member shows of themself on their profile: read by the profile page, Minha Conta and the export. */
export const profileColumns = {
  ...memberChipColumns,
  bio: profiles.bio,
  university: profiles.university,
  course: profiles.course,
}
