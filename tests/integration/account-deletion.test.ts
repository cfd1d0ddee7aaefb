/**
 * Deleting an account does what decision 0039 says: every column that names a member is decided
 * (read from the Drizzle schema, so a table added later fails here until decided), and the deletion
 * erases, anonymises and keeps as decided, ending the deals in the air and freeing seats to the waitlist.
 */
import { and, eq, sql } from 'drizzle-orm'
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import {
  createConfirmedMeeting,
  createConversation,
  createEvent,
  createListing,
  createStudent,
  createUpload,
} from '../../server/db/factories'
import * as schema from '../../server/db/schema'
import {
  accessRecords,
  blocks,
  eventAttendees,
  meetings,
  memberRatings,
  messages,
  offers,
  profiles,
  reports,
  reviews,
  uploads,
  users,
} from '../../server/db/schema'
import { sendMeetingReminders } from '../../server/deals/meeting-sweep'
import { DELETION_POLICY } from '../../server/people/account/delete-account'
import { notificationsOf } from '../support/notifications'
import { callerFor, createMember, setUpTestWorld, TEST_PASSWORD } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })

/** Every (table, column) of the schema that names a member, as SQL names. */
function memberColumns(): string[] {
  const tables = (Object.values(schema) as unknown[])
    .filter((value): value is SQLiteTable => value instanceof SQLiteTable)
    .map((table) => getTableConfig(table))
  const usersTable = getTableConfig(users).name
  const toUsers = (config: ReturnType<typeof getTableConfig>) =>
    config.foreignKeys
      .map((key) => key.reference())
      .filter((reference) => getTableConfig(reference.foreignTable).name === usersTable)
      .flatMap((reference) => reference.columns.map((column) => column.name))
  // A column named like one that references users elsewhere names a member too (a count kept by
  // triggers, the access records the law keeps past the account, which carry no foreign key on purpose).
  const memberNames = new Set(tables.flatMap(toUsers))
  const found = [`${usersTable}.id`]
  for (const config of tables) {
    const referencing = new Set(toUsers(config))
    for (const column of config.columns) {
      if (referencing.has(column.name) || memberNames.has(column.name))
        found.push(`${config.name}.${column.name}`)
    }
  }
  return found.sort()
}

const decidedColumns = () =>
  Object.entries(DELETION_POLICY)
    .flatMap(([table, columns]) => Object.keys(columns).map((column) => `${table}.${column}`))
    .sort()

describe('o que a exclusão da conta decide', () => {
  it('cada coluna do esquema que aponta um membro tem destino (apagada, anonimizada ou guardada) e motivo', () => {
    const columns = memberColumns()
    expect(columns.length).toBeGreaterThan(40)
    const undecided = columns.filter((column) => !decidedColumns().includes(column))
    expect(undecided, 'colunas sem destino na exclusão (DELETION_POLICY e decisão 0039)').toEqual([])
    const stale = decidedColumns().filter((column) => !columns.includes(column))
    expect(stale, 'destinos de colunas que o esquema não tem mais').toEqual([])
    for (const columns of Object.values(DELETION_POLICY)) {
      for (const decided of Object.values(columns)) expect(decided.why.length).toBeGreaterThan(10)
    }
  })
})

async function leaverWithEverything() {
  const account = await createStudent(world.db, { member: true, fullName: 'Quem Sai' })
  const leaving = { ...account, caller: callerFor(world.services, { userId: account.id }).caller }
  const other = await createMember(world, { fullName: 'Quem Fica' })
  const third = await createMember(world, { fullName: 'Terceira Pessoa' })
  // A confirmed hand-off reviewed both ways (the leaver's review is in the other's average), then an
  // agreed meeting half an hour ahead and an open offer, in the same conversation.
  const bike = createListing(world.db, { sellerId: other.id, title: 'Bicicleta aro 26' })
  const talk = createConversation(world.db, leaving.id, other.id, bike)
  const handoff = createConfirmedMeeting(world.db, { conversationId: talk }).id
  await leaving.caller.deals.reviews.create({ meetingId: handoff, stars: 1, comment: 'Atrasou muito' })
  await other.caller.deals.reviews.create({ meetingId: handoff, stars: 5 })
  const agreed = createConfirmedMeeting(world.db, { conversationId: talk }).id
  world.db
    .update(meetings)
    .set({ status: 'combinada', confirmedAt: null, scheduledAt: new Date(Date.now() + 30 * 60_000) })
    .where(eq(meetings.id, agreed))
    .run()
  world.db
    .insert(offers)
    .values({
      conversationId: talk,
      listingId: bike,
      buyerId: leaving.id,
      sellerId: other.id,
      madeById: leaving.id,
      amountCents: 30000,
      expiresAt: new Date(Date.now() + 60 * 60_000),
    })
    .run()
  await leaving.caller.chat.send({ conversationId: talk, content: 'Pode ser amanhã?' })
  // A seat on a full event with the third person waiting.
  const eventId = createEvent(world.db, {
    organizerId: other.id,
    title: 'Sarau',
    status: 'aprovado',
    maxParticipants: 1,
  })
  await leaving.caller.events.attend({ id: eventId })
  await third.caller.events.attend({ id: eventId })
  // The leaver's own things, a block each way, a report and an access record.
  createListing(world.db, { sellerId: leaving.id, title: 'Livro de cálculo' })
  world.db.insert(blocks).values({ blockerId: leaving.id, blockedId: third.id }).run()
  world.db.insert(blocks).values({ blockerId: third.id, blockedId: leaving.id }).run()
  await leaving.caller.safety.report({
    targetType: 'user',
    targetId: third.id,
    reason: 'scam',
    details: 'Mensagens repetidas',
  })
  world.db.insert(accessRecords).values({ userId: leaving.id, kind: 'sign_in', ip: '10.0.0.1' }).run()
  createUpload(world.db, { ownerId: leaving.id, kind: 'listing' })
  return { leaving, other, third, handoff, agreed, eventId, talk }
}

describe('a exclusão da conta', () => {
  it('apaga, anonimiza e guarda como decidido, encerra entregas e ofertas com aviso e passa a vaga para a lista de espera', async () => {
    const { leaving, other, third, handoff, agreed, eventId, talk } = await leaverWithEverything()
    expect(
      world.db.select().from(memberRatings).where(eq(memberRatings.userId, other.id)).get(),
    ).toMatchObject({
      reviews: 1,
      starsSum: 1,
    })

    await leaving.caller.account.deleteAccount({ password: TEST_PASSWORD })

    // Every erased column holds nothing of the member; the uploads wait for the orphan sweep.
    for (const [table, columns] of Object.entries(DELETION_POLICY)) {
      for (const [column, decided] of Object.entries(columns)) {
        if (decided.fate !== 'erased' || decided.bySweep) continue
        const left = world.db.get<{ n: number }>(
          sql`select count(*) as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${leaving.id}`,
        )
        expect(left?.n, `${table}.${column}`).toBe(0)
      }
    }
    expect(
      world.db
        .select()
        .from(uploads)
        .where(eq(uploads.ownerId, leaving.id))
        .all()
        .filter((row) => row.attachedAt),
    ).toEqual([])

    // The reviews left the other's profile and average; the hand-off cannot be reviewed again.
    expect(world.db.select().from(reviews).where(eq(reviews.meetingId, handoff)).all()).toEqual([])
    expect(
      world.db.select().from(memberRatings).where(eq(memberRatings.userId, other.id)).get(),
    ).toBeUndefined()
    expect(await other.caller.deals.reviews.pending({})).toEqual([])

    // The agreed meeting is cancelled, with the reason and a notice, and no reminder follows.
    expect(world.db.select().from(meetings).where(eq(meetings.id, agreed)).get()).toMatchObject({
      status: 'cancelada',
      cancelReason: 'A outra pessoa excluiu a conta do Vupt.',
    })
    expect(notificationsOf(world.db, other.id, 'meeting_cancelled').map((row) => row.title)).toEqual([
      'Entrega cancelada',
    ])
    expect(sendMeetingReminders(world.services, new Date())).toBe(0)
    // The open offer is closed, and the seller told.
    expect(world.db.select().from(offers).where(eq(offers.conversationId, talk)).get()?.status).toBe(
      'encerrada',
    )
    expect(notificationsOf(world.db, other.id, 'offer_answered').map((row) => row.title)).toEqual([
      'Oferta encerrada',
    ])

    // The seat went to the first on the waitlist.
    expect(
      world.db
        .select()
        .from(eventAttendees)
        .where(eq(eventAttendees.eventId, eventId))
        .all()
        .map((row) => row.userId),
    ).toEqual([third.id])
    expect(notificationsOf(world.db, third.id, 'event_waitlist_promoted')).toHaveLength(1)

    // Anonymised: the message stays in the other's conversation from "Conta removida"; the report too.
    expect(world.db.select().from(messages).where(eq(messages.senderId, leaving.id)).all()).toHaveLength(1)
    expect(world.db.select().from(profiles).where(eq(profiles.userId, leaving.id)).get()).toMatchObject({
      fullName: 'Conta removida',
      username: null,
    })
    expect(world.db.select().from(reports).where(eq(reports.reporterId, leaving.id)).all()).toHaveLength(1)
    // Kept by law: the access records, until the purge's six months.
    expect(
      world.db.select().from(accessRecords).where(eq(accessRecords.userId, leaving.id)).all().length,
    ).toBeGreaterThan(0)
    expect(
      world.db
        .select()
        .from(users)
        .where(and(eq(users.id, leaving.id), eq(users.email, `removida-${leaving.id}@contas.invalid`)))
        .get()?.deletedAt,
    ).toBeInstanceOf(Date)
  })
})
