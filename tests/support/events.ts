import { createEvent, createStudent } from '../../server/db/factories'
import type { EventInput } from '../../shared/schemas/event'
import { dayFromNow } from './dates'
import { callerFor, createAdmin, createMember, type TestWorld } from './test-app'

/** An approved event organized by a new member, with `places` (null: no limit). */
export async function approvedEventOfNewMember(world: TestWorld, title: string, places: number | null) {
  const organizer = await createMember(world)
  const id = createEvent(world.db, {
    organizerId: organizer.id,
    title,
    status: 'aprovado',
    maxParticipants: places,
  })
  return { id, organizer }
}

/** An event form as an organizer fills it in: ten days ahead, no slot limit, no photo. */
export function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  return {
    title: 'Hackathon de Inovação',
    description: 'Vinte e quatro horas de programação e mentoria.',
    eventDate: dayFromNow(10),
    eventTime: '19:30',
    location: 'Bloco A, laboratório 3',
    maxParticipants: null,
    imageUploadId: null,
    ...overrides,
  }
}

/** An event created by a new member and approved by a new administrator of Univille; its id. */
export async function createApprovedEvent(world: TestWorld, overrides: Partial<EventInput> = {}) {
  const organizer = callerFor(world.services, {
    userId: (await createStudent(world.db, { member: true })).id,
  }).caller
  const admin = callerFor(world.services, { userId: (await createAdmin(world.db)).id }).caller
  const { id } = await organizer.events.create(eventInput(overrides))
  await admin.events.approve({ id })
  return id
}
