import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createCommunity, createConversation, createListing } from '../../server/db/factories'
import { meetingSpots, meetings } from '../../server/db/schema'
import { seedBase } from '../../server/db/seed'
import { expectAppError, expectValidationMessage } from '../support/assertions'
import { callerFor, communityBySlug, createAdmin, createMember, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()

const spot = {
  name: 'Ginásio de esportes',
  description: 'Na porta do ginásio, ao lado da quadra coberta.',
  opensAt: '08:00',
  closesAt: '18:00',
  weekdays: 31,
}

async function univilleAdmin() {
  const admin = await createAdmin(world.db)
  return callerFor(world.services, { userId: admin.id }).caller
}

describe('meeting spots ("Pontos de encontro")', () => {
  it('Univille starts with its seeded spots, once: a restart does not bring deleted ones back', async () => {
    const admin = await univilleAdmin()
    const seeded = await admin.admin.meetingSpots.list()
    expect(seeded.map((row) => row.name)).toEqual(
      expect.arrayContaining(['Hall da Biblioteca Central', 'Entrada do Bloco A', 'Praça de alimentação']),
    )
    for (const row of seeded) await admin.admin.meetingSpots.delete({ id: row.id })
    await seedBase(world.db)
    expect(await admin.admin.meetingSpots.list()).toEqual([])
  })

  it('an admin creates, edits, retires and unretires a spot; members see only active ones', async () => {
    const admin = await univilleAdmin()
    const member = await createMember(world)
    const { id } = await admin.admin.meetingSpots.create(spot)
    await admin.admin.meetingSpots.update({ id, spot: { ...spot, name: 'Ginásio', closesAt: '19:30' } })
    expect((await member.caller.deals.meetingSpots.list()).find((row) => row.id === id)).toMatchObject({
      name: 'Ginásio',
      opensAt: '08:00',
      closesAt: '19:30',
      weekdays: 31,
    })
    await admin.admin.meetingSpots.setRetired({ id, retired: true })
    expect((await member.caller.deals.meetingSpots.list()).map((row) => row.id)).not.toContain(id)
    expect((await admin.admin.meetingSpots.list()).find((row) => row.id === id)?.retiredAt).not.toBeNull()
    await admin.admin.meetingSpots.setRetired({ id, retired: false })
    expect((await member.caller.deals.meetingSpots.list()).map((row) => row.id)).toContain(id)
  })

  it('refuses hours out of order, malformed times and no weekday', async () => {
    const admin = await univilleAdmin()
    await expectValidationMessage(
      admin.admin.meetingSpots.create({ ...spot, opensAt: '18:00', closesAt: '08:00' }),
      'O horário de fechamento deve ser depois da abertura',
    )
    await expectValidationMessage(
      admin.admin.meetingSpots.create({ ...spot, opensAt: '24:00' }),
      'Use o formato HH:MM',
    )
    await expectValidationMessage(
      admin.admin.meetingSpots.create({ ...spot, weekdays: 0 }),
      'Escolha pelo menos um dia',
    )
  })

  it('a spot a meeting used cannot be deleted, only retired', async () => {
    const admin = await univilleAdmin()
    const { id } = await admin.admin.meetingSpots.create(spot)
    const seller = await createMember(world)
    const buyer = await createMember(world)
    const listingId = createListing(world.db, { sellerId: seller.id, title: 'Patins' })
    const conversationId = createConversation(world.db, buyer.id, seller.id, listingId)
    world.db
      .insert(meetings)
      .values({
        conversationId,
        listingId,
        sellerId: seller.id,
        buyerId: buyer.id,
        spotId: id,
        proposedById: buyer.id,
        proposedTimes: [Date.now() + 86_400_000],
      })
      .run()
    await expectAppError(admin.admin.meetingSpots.delete({ id }), 'MEETING_SPOT_IN_USE', 'CONFLICT')
    expect((await admin.admin.meetingSpots.list()).find((row) => row.id === id)?.meetings).toBe(1)
    await admin.admin.meetingSpots.setRetired({ id, retired: true })
    expect(
      world.db.select().from(meetingSpots).where(eq(meetingSpots.id, id)).get()?.retiredAt,
    ).not.toBeNull()
  })

  it('another community’s admin, a moderator or a member cannot manage the spots', async () => {
    const admin = await univilleAdmin()
    const { id } = await admin.admin.meetingSpots.create(spot)
    const other = createCommunity(world.db)
    const otherAdminAccount = await createAdmin(world.db, {
      communityId: other.id,
      email: `admin@${other.emailDomain}`,
    })
    const otherAdmin = callerFor(world.services, { userId: otherAdminAccount.id }).caller
    await expectAppError(
      otherAdmin.admin.meetingSpots.update({ id, spot: { ...spot, name: 'Invadido' } }),
      'MEETING_SPOT_NOT_FOUND',
      'NOT_FOUND',
    )
    await expectAppError(
      otherAdmin.admin.meetingSpots.setRetired({ id, retired: true }),
      'MEETING_SPOT_NOT_FOUND',
    )
    await expectAppError(otherAdmin.admin.meetingSpots.delete({ id }), 'MEETING_SPOT_NOT_FOUND')
    expect((await otherAdmin.admin.meetingSpots.list()).map((row) => row.id)).not.toContain(id)
    const otherMember = await createMember(world, {
      communityId: other.id,
      email: `aluno@${other.emailDomain}`,
    })
    expect((await otherMember.caller.deals.meetingSpots.list()).map((row) => row.id)).not.toContain(id)

    const moderator = await createMember(world, { roles: ['user', 'moderator'] })
    await expectAppError(moderator.caller.admin.meetingSpots.create(spot), 'FORBIDDEN', 'FORBIDDEN')
    await expectAppError(moderator.caller.admin.meetingSpots.delete({ id }), 'FORBIDDEN', 'FORBIDDEN')
    const member = await createMember(world)
    await expectAppError(member.caller.admin.meetingSpots.setRetired({ id, retired: true }), 'FORBIDDEN')
    const row = world.db.select().from(meetingSpots).where(eq(meetingSpots.id, id)).get()
    expect(row).toMatchObject({ name: spot.name, retiredAt: null })
    expect(communityBySlug(world.db, 'univille').id).toBe(row?.communityId)
  })
})

describe('os pontos que a comunidade recebe na instalação', () => {
  it('são só lugares: nenhum promete segurança, vigilância ou movimento que ninguém conferiu', async () => {
    const seeded = world.db
      .select({ name: meetingSpots.name, description: meetingSpots.description })
      .from(meetingSpots)
      .where(eq(meetingSpots.communityId, communityBySlug(world.db, 'univille').id))
      .all()
    expect(seeded.length).toBeGreaterThan(0)
    for (const { name, description } of seeded) {
      expect(`${name} ${description}`).not.toMatch(/vigil|segur|sempre|movimentad|iluminad|câmera/i)
    }
  })
})
