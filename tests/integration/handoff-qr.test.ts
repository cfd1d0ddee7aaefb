import { describe, expect, it } from 'vitest'
import { codeInFragment, readHandoffCode } from '../../shared/meetings'
import { expectAppError } from '../support/assertions'
import { fakeDateEachTest } from '../support/dates'
import { insertMeetingSpot } from '../support/meeting-spots'
import { decodeQrSvg } from '../support/qr'
import { createMarketScene, createMember, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()

/** Tuesday 1 December 2026, 10:00 in São Paulo; the meeting is at 11:00 the same day. */
const NOW = Date.UTC(2026, 11, 1, 13, 0)
const AT = NOW + 60 * 60 * 1000

async function agreedScene() {
  const scene = await createMarketScene(world, { title: 'Calculadora HP 12c', priceCents: 25_000 })
  const spotId = insertMeetingSpot(world.db, { weekdays: 127 })
  const proposed = await scene.buyer.caller.deals.meetings.propose({
    conversationId: scene.conversationId,
    spotId,
    times: [AT],
  })
  const meeting = await scene.seller.caller.deals.meetings.pick({ meetingId: proposed.id, time: AT })
  return { ...scene, meeting }
}

fakeDateEachTest(NOW)

describe('o QR code da entrega é um link', () => {
  it('o QR code desenhado leva à página da entrega, na comunidade do ponto, com o código só no fragmento', async () => {
    const { seller, buyer, meeting } = await agreedScene()
    const shown = await seller.caller.deals.meetings.handoffCode({ meetingId: meeting.id })
    const link = await decodeQrSvg(shown.qrSvg)
    expect(link).toBe(`${world.services.publicUrl}/univille/entregas/${meeting.id}#codigo=${shown.code}`)
    const url = new URL(link)
    // The part a browser sends to the server names the meeting only.
    expect(`${url.pathname}${url.search}`).not.toContain(shown.code)
    expect(codeInFragment(url.hash)).toBe(shown.code)
    expect(readHandoffCode(link)).toEqual({ meetingId: meeting.id, code: shown.code })
    // The link, scanned whole by the app, confirms the hand-off like the typed code.
    await expect(
      buyer.caller.deals.meetings.confirmHandoff({ meetingId: meeting.id, code: link }),
    ).resolves.toMatchObject({ status: 'confirmada' })
  })

  it('a página da entrega mostra a entrega só aos dois', async () => {
    const { seller, buyer, meeting } = await agreedScene()
    for (const member of [seller, buyer]) {
      await expect(member.caller.deals.meetings.byId({ meetingId: meeting.id })).resolves.toMatchObject({
        id: meeting.id,
        status: 'combinada',
        sellerId: seller.id,
        buyerId: buyer.id,
      })
    }
    const stranger = await createMember(world)
    await expectAppError(
      stranger.caller.deals.meetings.byId({ meetingId: meeting.id }),
      'MEETING_NOT_FOUND',
      'NOT_FOUND',
    )
    await expectAppError(
      buyer.caller.deals.meetings.byId({ meetingId: meeting.id + 1000 }),
      'MEETING_NOT_FOUND',
    )
  })

  it('o link de outra entrega é recusado como de outra entrega, e o fragmento só aceita um código', async () => {
    const { seller, buyer, meeting } = await agreedScene()
    const { code } = await seller.caller.deals.meetings.handoffCode({ meetingId: meeting.id })
    await expectAppError(
      buyer.caller.deals.meetings.confirmHandoff({
        meetingId: meeting.id,
        code: `${world.services.publicUrl}/univille/entregas/${meeting.id + 1}#codigo=${code}`,
      }),
      'HANDOFF_CODE_OTHER_MEETING',
      'BAD_REQUEST',
    )
    expect(codeInFragment('#codigo=abc234')).toBe('ABC234')
    for (const hash of ['', '#', '#codigo=', '#codigo=AB-CD', '#outro=ABCDEF', '#codigo=ABCDEF&x=1']) {
      expect(codeInFragment(hash), hash).toBeNull()
    }
  })
})
