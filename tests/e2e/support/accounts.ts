import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { currentTotpCode, generateTotpKey } from '../../../server/auth/two-factor'
import { openDatabase } from '../../../server/db/client'
import { createStudent } from '../../../server/db/factories'
import { communities, users } from '../../../server/db/schema'
import type { Role } from '../../../shared/domain'
import { withServerDatabase } from './database'

export type Student = { id: number; email: string; password: string; fullName: string; username: string }

/** Creates an approved, e-mail-verified student of `community` straight in the running server's database. */
export function createApprovedStudent(
  dataDir: string,
  name: string,
  roles: Role[] = ['user'],
  community = 'univille',
): Promise<Student> {
  const username = name.toLowerCase().replace(/[^a-z0-9]+/g, '_')
  return withServerDatabase(dataDir, async (db) => {
    const home = db.select().from(communities).where(eq(communities.slug, community)).get()
    if (!home) throw new Error(`comunidade ${community} não existe`)
    const student = {
      email: `${username}@${home.emailDomain}`,
      password: 'senha-e2e-123',
      fullName: name,
      username,
    }
    const { id } = await createStudent(db, {
      ...student,
      community,
      university: home.name,
      course: 'Design',
      matricula: '20240001',
      approved: true,
      emailVerified: true,
      roles,
    })
    return { id, ...student }
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
