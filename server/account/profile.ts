import { profiles } from '../db/schema'

/** What a member shows of themself on their profile: read by the profile page, Minha Conta and the export. */
export const profileColumns = {
  username: profiles.username,
  fullName: profiles.fullName,
  bio: profiles.bio,
  university: profiles.university,
  course: profiles.course,
  avatarUrl: profiles.avatarUrl,
}
