/**
 * Someone the organizer blocked tries to reach them through their event, over the real HTTP API:
 * RSVPs sent one after another and in a batch, each refused with its catalogue code, and nothing
 * written (no seat, no notice with their name).
 */
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../server/db/factories'
import { blocks } from '../../server/db/schema'
import { callTrpc, callTrpcJson, sessionCookieFor, setUpHttpApp, watchDatabase } from '../support/http'
import { createMember, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
const http = setUpHttpApp(world)

const appCodes = (json: unknown) =>
  (Array.isArray(json) ? json : [json]).map(
    (entry) => (entry as { error?: { data?: { appCode?: string } } }).error?.data?.appCode,
  )

describe('RSVP across a block, over HTTP', () => {
  it('every attempt is refused with EVENT_RSVP_UNAVAILABLE and changes nothing', async () => {
    const organizer = await createMember(world)
    const stalker = await createMember(world)
    const id = createEvent(world.db, { organizerId: organizer.id, title: 'Sarau', status: 'aprovado' })
    world.db.insert(blocks).values({ blockerId: organizer.id, blockedId: stalker.id }).run()
    const cookie = sessionCookieFor(world.services, stalker.id)
    const database = watchDatabase(world.db)
    const before = database.checksum()

    for (let attempt = 0; attempt < 5; attempt++) {
      const reply = await callTrpc(http.app.url, 'events.attend', 'mutation', { id }, cookie)
      expect(reply.status).toBe(403)
      expect(appCodes(reply.json)).toEqual(['EVENT_RSVP_UNAVAILABLE'])
    }
    const batch = await callTrpcJson(
      http.app.url,
      'events.attend,events.unattend,events.attend?batch=1',
      'mutation',
      JSON.stringify({ 0: { id }, 1: { id }, 2: { id } }),
      cookie,
    )
    expect(appCodes(batch.json)).toEqual(['EVENT_RSVP_UNAVAILABLE', undefined, 'EVENT_RSVP_UNAVAILABLE'])

    expect(database.checksum()).toBe(before)
  })
})
