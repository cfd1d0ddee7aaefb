import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { beforeAll } from 'vitest'
import { openDatabase } from '../../../server/db/client'
import { createStudent, type NewStudent, type Student } from '../../../server/db/factories'
import { users } from '../../../server/db/schema'
import { currentTotpCode, generateTotpKey } from '../../../server/people/auth/two-factor'
import { withServerDatabase } from './database'
import type { Stage } from './stage'

export type ServerMember = Student & { username: string }

/**
 * A full member (`createStudent` with `member`) named `name`, written straight into the running
 * server's database; the username is the name in lower case. `options` go to `createStudent`.
 */
export function createMemberOnServer(
  dataDir: string,
  name: string,
  options: NewStudent = {},
): Promise<ServerMember> {
  const username = name.toLowerCase().replace(/[^a-z0-9]+/g, '_')
  return withServerDatabase(dataDir, async (db) => {
    const student = await createStudent(db, { member: true, fullName: name, username, ...options })
    return { ...student, username }
  })
}

/**
 * Signs in through the sign-in page and waits for the welcome toast. With `totpKey`, answers the
 * two-factor step with the code an authenticator app would show.
 */
export async function signIn(page: Page, email: string, password: string, totpKey?: string): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  if (totpKey) {
    await page.getByLabel('Código de verificação').fill(currentTotpCode(totpKey))
    await page.getByRole('button', { name: 'Verificar' }).click()
  }
  await page.getByText('Login realizado! Vupt! 🎉').waitFor()
}

/** Turns two-factor on for an account straight in the database; returns the secret (base64). */
export function enrolTwoFactor(dataDir: string, email: string): string {
  const key = generateTotpKey()
  const db = openDatabase(join(dataDir, 'vupt.sqlite'))
  try {
    db.update(users).set({ totpKey: key, totpEnabledAt: new Date() }).where(eq(users.email, email)).run()
  } finally {
    db.$client.close()
  }
  return key
}

/**
 * For the file's tests: full members on the stage's server, one a key, made in order; each is a name,
 * or a name and `createStudent` options. The hook sets the fields: read them in hooks and tests.
 */
export function setUpMembers<Key extends string>(
  stage: Stage,
  people: Record<Key, string | [name: string, options: NewStudent]>,
): Record<Key, ServerMember> {
  const members = {} as Record<Key, ServerMember>
  beforeAll(async () => {
    for (const [key, person] of Object.entries(people) as [Key, string | [string, NewStudent]][]) {
      const [name, options] = typeof person === 'string' ? [person, {}] : person
      members[key] = await createMemberOnServer(stage.server.dataDir, name, options)
    }
  })
  return members
}
