import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { communities, memberCourses, profiles } from '../../db/schema'
import { memberChipColumns } from '../profiles/member-columns'
import type { CurrentUser, RequestScope } from './identity'

/** What the client knows about the signed-in user. */
export function viewer(db: Database, user: CurrentUser) {
  const profile = db
    .select({
      ...memberChipColumns,
      university: profiles.university,
      course: profiles.course,
      courseId: memberCourses.courseId,
      communitySlug: communities.slug,
    })
    .from(profiles)
    .leftJoin(communities, eq(communities.id, profiles.communityId))
    .leftJoin(memberCourses, eq(memberCourses.userId, profiles.userId))
    .where(eq(profiles.userId, user.id))
    .get()
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    approved: user.approved,
    roles: user.roles,
    isAdmin: user.roles.includes('admin'),
    fullName: profile?.fullName ?? user.fullName,
    username: profile?.username ?? null,
    university: profile?.university ?? null,
    course: profile?.course ?? null,
    /** Null while the course is text written before the community's list (or there is none). */
    courseId: profile?.courseId ?? null,
    avatarUrl: profile?.avatarUrl ?? null,
    communitySlug: profile?.communitySlug ?? null,
    needsProfileCompletion: !profile?.username || !profile.university || !profile.course,
    twoFactorEnabled: user.twoFactorEnabled,
    hasPasskey: user.hasPasskey,
    suspension: user.suspension,
  }
}
export type Viewer = ReturnType<typeof viewer>

/** The signed-in member, or null (also while a two-factor code is still owed). */
export const currentViewer = ({ db, user, session }: Pick<RequestScope, 'db' | 'user' | 'session'>) =>
  user && !session?.twoFactorPending ? viewer(db, user) : null
