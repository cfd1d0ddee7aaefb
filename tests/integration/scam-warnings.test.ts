import { beforeEach, describe, expect, it } from 'vitest'
import { createConversation } from '../../server/db/factories'
import type { ChatEvent } from '../../server/realtime/bus'
import { type AppCaller, callerFor, createMember, setUpTestWorld, type TestMember } from '../support/test-app'

const world = setUpTestWorld()
let buyer: TestMember
let seller: TestMember
let conversationId: number

beforeEach(async () => {
  buyer = await createMember(world)
  seller = await createMember(world)
  conversationId = createConversation(world.db, buyer.id, seller.id)
})

const warningsOf = async (caller: AppCaller) =>
  (await caller.chat.messages({ conversationId })).items.map((message) => [message.content, message.warnings])

describe('avisos de golpe no chat', () => {
  it('quem recebe vê o aviso; quem enviou não', async () => {
    await seller.caller.chat.send({ conversationId, content: 'Faz o pix adiantado que eu reservo' })
    expect(await warningsOf(buyer.caller)).toEqual([
      ['Faz o pix adiantado que eu reservo', ['pix_before_meeting']],
    ])
    expect(await warningsOf(seller.caller)).toEqual([['Faz o pix adiantado que eu reservo', []]])
  })

  it('um telefone só conta na primeira mensagem de quem envia', async () => {
    await buyer.caller.chat.send({ conversationId, content: 'Oi, ainda tem?' })
    await seller.caller.chat.send({ conversationId, content: 'Tenho! Me chama no (47) 99123-4567' })
    await seller.caller.chat.send({ conversationId, content: 'Ou no 47 99123-4567 mesmo' })
    expect(await warningsOf(buyer.caller)).toEqual([
      ['Ou no 47 99123-4567 mesmo', []],
      ['Tenho! Me chama no (47) 99123-4567', ['phone_first_message']],
      ['Oi, ainda tem?', []],
    ])
  })

  it('ao vivo, o aviso vai só para quem recebe', async () => {
    /** The first chat event the member's open page receives. */
    const firstEvent = async (userId: number) => {
      const abort = new AbortController()
      const { caller } = callerFor(world.services, { userId }, {}, { signal: abort.signal })
      const iterator = (await caller.chat.events())[Symbol.asyncIterator]()
      const next = iterator.next().finally(() => abort.abort())
      await world.services.bus.listening('chat', userId)
      return next.then((result) => (result.value as unknown as [string, ChatEvent])[1])
    }
    const toBuyer = firstEvent(buyer.id)
    const toSeller = firstEvent(seller.id)
    await Promise.all([
      world.services.bus.listening('chat', buyer.id),
      world.services.bus.listening('chat', seller.id),
    ])
    await seller.caller.chat.send({ conversationId, content: 'Me passa o código que chegou por SMS' })
    const [buyerEvent, sellerEvent] = await Promise.all([toBuyer, toSeller])
    expect(buyerEvent.type === 'message' && buyerEvent.message.warnings).toEqual(['verification_code'])
    expect(sellerEvent.type === 'message' && sellerEvent.message.warnings).toEqual([])
  })
})
