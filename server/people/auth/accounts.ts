import { eq, type SQL, sql } from 'drizzle-orm'
import type { Role } from '../../../shared/domain'
import type { Database } from '../../db/client'
import { memberCourses, profiles, userRoles, users } from '../../db/schema'
import { hashPassword } from './password'

export type NewAccount = {
  email: string
  password?: string
  fullName: string
  username?: string | null
  university?: string | null
  course?: string | null
  /** The course of the community's list, when `course` is its name. */
  courseId?: number | null
  matricula?: string | null
  communityId: number | null
  approved?: boolean
  emailVerified?: boolean
  roles?: Role[]
  /** An already-enrolled TOTP secret (base64): two-factor starts on. */
  totpKey?: string
}

/**
 * Creates user, profile and roles in one transaction. Shared by sign-up, seeds and tests; `hash` turns
 * the password into what is stored (the factories reuse one hash per password).
 */
export async function createAccount(
  db: Database,
  account: NewAccount,
  hash: (password: string) => Promise<string> = hashPassword,
): Promise<number> {
  const passwordHash = account.password ? await hash(account.password) : null
  const now = new Date()
  return db.transaction((tx) => {
    const user = tx
      .insert(users)
      .values({
        email: account.email.trim().toLowerCase(),
        passwordHash,
        emailVerifiedAt: account.emailVerified ? now : null,
        totpKey: account.totpKey ?? null,
        totpEnabledAt: account.totpKey ? now : null,
      })
      .returning({ id: users.id })
      .get()
    tx.insert(profiles)
      .values({
        userId: user.id,
        fullName: account.fullName,
        username: account.username ?? null,
        university: account.university ?? null,
        course: account.course ?? null,
        matricula: account.matricula ?? null,
        communityId: account.communityId,
        approved: account.approved ?? false,
        approvedAt: account.approved ? now : null,
      })
      .run()
    if (account.courseId)
      tx.insert(memberCourses).values({ userId: user.id, courseId: account.courseId }).run()
    const roles = account.roles ?? ['user']
    tx.insert(userRoles)
      .values(roles.map((role) => ({ userId: user.id, role })))
      .run()
    return user.id
  })
}

export function findUserByEmail(db: Database, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email.trim().toLowerCase()) })
}

/** Usernames are unique regardless of case (the index is `collate nocase`): 'Ana_S' is 'ana_s'. */
export const sameUsername = (username: string): SQL => sql`${profiles.username} = ${username} collate nocase`

export function usernameTaken(db: Database, username: string, exceptUserId?: number): boolean {
  const row = db.select({ userId: profiles.userId }).from(profiles).where(sameUsername(username)).get()
  return row !== undefined && row.userId !== exceptUserId
}
