import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { profileUpdateSchema } from '../../../shared/schemas/profile'
import { chooseCourse, memberCourseOf, setMemberCourse } from '../../courses/legacy'
import type { Database } from '../../db/client'
import { rowWhere } from '../../db/rows'
import { profiles } from '../../db/schema'
import { appError } from '../../errors'
import { assertMayPublish } from '../../semesters/standing'
import type { AppServices } from '../../services'
import { attachUploads, releaseUpload } from '../../uploads/attach'
import { usernameTaken } from '../auth/accounts'
import type { CurrentUser } from '../auth/identity'
import { profileColumns } from './member-columns'

/** Minha Conta: the member's own editable profile. */
export function ownProfile(db: Database, member: CurrentUser) {
  const profile = db.select(profileColumns).from(profiles).where(eq(profiles.userId, member.id)).get()
  if (!profile) throw appError('USER_NOT_FOUND')
  return { ...profile, email: member.email }
}

const PUBLIC_TEXTS = ['username', 'fullName', 'bio', 'university', 'course'] as const

/** Saves the profile form; a new avatar is attached, a replaced or removed one goes back to the orphan sweep. */
export function updateOwnProfile(
  { db, storage, bus }: Pick<AppServices, 'db' | 'storage' | 'bus'>,
  member: CurrentUser,
  input: z.output<typeof profileUpdateSchema>,
) {
  if (usernameTaken(db, input.username, member.id)) throw appError('USERNAME_TAKEN')
  const shown = db.select(profileColumns).from(profiles).where(eq(profiles.userId, member.id)).get()
  // Taking a text or the photo down publishes nothing; a new value does.
  const publishes =
    Boolean(input.avatarUploadId) ||
    PUBLIC_TEXTS.some((field) => input[field] !== null && input[field] !== shown?.[field])
  if (publishes) assertMayPublish(db, member)

  return db.transaction(() => {
    const current = rowWhere(db, profiles, 'userId', member.id, ['avatarUrl', 'avatarUploadId'])
    let avatarUrl = current?.avatarUrl ?? null
    let avatarUploadId = current?.avatarUploadId ?? null
    if (input.avatarUploadId) {
      const [avatar] = attachUploads(db, storage, member.id, [input.avatarUploadId], 'avatar')
      avatarUrl = avatar?.cardUrl ?? avatarUrl
      avatarUploadId = avatar?.id ?? avatarUploadId
    } else if (input.avatarUploadId === null) {
      avatarUrl = null
      avatarUploadId = null
    }
    if (current?.avatarUploadId !== avatarUploadId) releaseUpload(db, current?.avatarUploadId, 'avatar')
    const course = chooseCourse(db, member.communityId, input.course, memberCourseOf(db, member.id))
    db.update(profiles)
      .set({
        username: input.username,
        fullName: input.fullName,
        bio: input.bio,
        university: input.university,
        avatarUrl,
        avatarUploadId,
      })
      .where(eq(profiles.userId, member.id))
      .run()
    setMemberCourse(db, member.id, course)
    bus.publish('account', member.id, { userId: member.id, reason: 'profile' })
    return { username: input.username }
  })
}
