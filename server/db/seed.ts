import { and, eq } from 'drizzle-orm'
import { createAccount, findUserByEmail } from '../auth/accounts'
import type { Database } from './client'
import { communities, mainCategories, profiles, subcategories, userRoles, users } from './schema'
import { SEED_COMMUNITIES, SEED_MAIN_CATEGORIES } from './seed-data'

export type AdminSeed = { email: string; password: string }

/** Idempotent: safe at every start. Existing rows are left as an administrator may have edited them. */
export async function seedBase(db: Database, admin?: AdminSeed): Promise<void> {
  db.transaction((tx) => {
    tx.insert(communities)
      .values([...SEED_COMMUNITIES])
      .onConflictDoNothing()
      .run()
    SEED_MAIN_CATEGORIES.forEach((category, position) => {
      const { subcategories: children, ...values } = category
      tx.insert(mainCategories)
        .values({ ...values, position })
        .onConflictDoNothing()
        .run()
      const main = tx
        .select({ id: mainCategories.id })
        .from(mainCategories)
        .where(eq(mainCategories.slug, category.slug))
        .get()
      if (!main) return
      // Only on a fresh catalogue: afterwards subcategories belong to the admins.
      const existing = tx
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(eq(subcategories.mainCategoryId, main.id))
        .limit(1)
        .get()
      if (existing) return
      tx.insert(subcategories)
        .values(children.map((child) => ({ ...child, mainCategoryId: main.id })))
        .run()
    })
  })
  if (admin) await seedAdmin(db, admin)
}

async function seedAdmin(db: Database, admin: AdminSeed): Promise<void> {
  const email = admin.email.trim().toLowerCase()
  const domain = email.split('@')[1] ?? ''
  const community =
    db.select().from(communities).where(eq(communities.emailDomain, domain)).get() ??
    db.select().from(communities).where(eq(communities.slug, SEED_COMMUNITIES[0].slug)).get()
  const existing = await findUserByEmail(db, email)
  if (!existing) {
    await createAccount(db, {
      email,
      password: admin.password,
      fullName: 'Administração Vupt',
      username: 'admin',
      university: community?.universityName ?? null,
      course: 'Administração do Vupt',
      communityId: community?.id ?? null,
      approved: true,
      emailVerified: true,
      roles: ['user', 'admin'],
    })
    return
  }
  // The account exists: make sure it can still administer, without touching its password.
  db.transaction((tx) => {
    tx.insert(userRoles).values({ userId: existing.id, role: 'admin' }).onConflictDoNothing().run()
    tx.update(profiles)
      .set({ approved: true })
      .where(and(eq(profiles.userId, existing.id), eq(profiles.approved, false)))
      .run()
    if (!existing.emailVerifiedAt) {
      tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, existing.id)).run()
    }
  })
}
