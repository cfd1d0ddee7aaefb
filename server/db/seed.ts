import { and, eq, sql } from 'drizzle-orm'
import { seedIntegrityRules } from '../integrity/rules'
import { createAccount, findUserByEmail } from '../people/auth/accounts'
import { proveMailbox } from '../people/auth/mailbox'
import { hashPassword } from '../people/auth/password'
import type { Database } from './client'
import { rowWhere } from './rows'
import { communities, mainCategories, meetingSpots, profiles, subcategories, userRoles } from './schema'
import { SEED_COMMUNITIES, SEED_MAIN_CATEGORIES, SEED_MEETING_SPOTS } from './seed-data'

export type AdminSeed = {
  email: string
  password: string
  /** Told when an unconfirmed sign-up with ADMIN_EMAIL was taken over. */
  onTakeOver?: (userId: number) => void
}

/**
 * Idempotent: safe at every start. Existing rows are left as an administrator may have edited them.
 * With `ownedCommunities` (COMMUNITIES), only those communities are created: an instance serving part
 * of the communities never holds the others' rows.
 */
export async function seedBase(
  db: Database,
  admin?: AdminSeed,
  ownedCommunities?: readonly string[],
): Promise<void> {
  seedCatalogue(db, ownedCommunities)
  seedMeetingSpots(db)
  seedIntegrityRules(db)
  if (admin) await seedAdmin(db, admin)
}

/** The communities and their categories: what every release since the first has seeded. */
export function seedCatalogue(db: Database, ownedCommunities?: readonly string[]): void {
  const seeded = SEED_COMMUNITIES.filter(
    (community) => !ownedCommunities || ownedCommunities.includes(community.slug),
  )
  db.transaction((tx) => {
    if (seeded.length > 0) {
      tx.insert(communities).values(seeded).onConflictDoNothing().run()
    }
    SEED_MAIN_CATEGORIES.forEach((category, position) => {
      const { subcategories: children, ...values } = category
      tx.insert(mainCategories)
        .values({ ...values, position })
        .onConflictDoNothing()
        .run()
      const main = rowWhere(tx, mainCategories, 'slug', category.slug, ['id'])
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
}

/**
 * The seeded communities' first meeting spots, once per installation: only while the table never held
 * a row (AUTOINCREMENT's counter remembers), so spots the admins deleted do not come back at a restart.
 */
function seedMeetingSpots(db: Database): void {
  const counter = db.get<{ seq: number } | undefined>(
    sql`select seq from sqlite_sequence where name = 'meeting_spots'`,
  )
  if (counter && counter.seq > 0) return
  db.transaction((tx) => {
    for (const [slug, spots] of Object.entries(SEED_MEETING_SPOTS)) {
      const community = rowWhere(tx, communities, 'slug', slug, ['id'])
      if (!community) continue
      tx.insert(meetingSpots)
        .values(spots.map((spot) => ({ ...spot, communityId: community.id })))
        .run()
    }
  })
}

async function seedAdmin(db: Database, { onTakeOver, ...admin }: AdminSeed): Promise<void> {
  const email = admin.email.trim().toLowerCase()
  const domain = email.split('@')[1] ?? ''
  const community =
    db.select().from(communities).where(eq(communities.emailDomain, domain)).get() ??
    db.select().from(communities).orderBy(communities.id).limit(1).get()
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
  // The account exists. Unconfirmed, it may be anyone's sign-up with this address: the operator's
  // variables prove the mailbox, so it is taken over clean (see proveMailbox) with ADMIN_PASSWORD.
  if (!existing.emailVerifiedAt) {
    proveMailbox(db, existing.id, { passwordHash: await hashPassword(admin.password) })
    onTakeOver?.(existing.id)
  }
  // Make sure it can still administer, without touching a confirmed account's password.
  db.transaction((tx) => {
    tx.insert(userRoles).values({ userId: existing.id, role: 'admin' }).onConflictDoNothing().run()
    tx.update(profiles)
      .set({ approved: true, approvedAt: new Date() })
      .where(and(eq(profiles.userId, existing.id), eq(profiles.approved, false)))
      .run()
  })
}
