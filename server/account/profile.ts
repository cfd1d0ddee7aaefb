import { profiles } from '../db/schema'

/** A member's handle and name, as staff lists and match notices name them. */
export const memberNameColumns = { username: profiles.username, fullName: profiles.fullName }

/** How a member appears beside what they did (a card, a conversation, a block list): handle, name, photo. */
export const memberChipColumns = { ...memberNameColumns, avatarUrl: profiles.avatarUrl }

/** What a member shows of themself on their profile: read by the profile page, Minha Conta and the export. */
export const profileColumns = {
  ...memberChipColumns,
  bio: profiles.bio,
  university: profiles.university,
  course: profiles.course,
}
