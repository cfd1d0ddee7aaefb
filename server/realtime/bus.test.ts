import { describe, expect, it } from 'vitest'
import { createInProcessBus } from './bus'

const typing = (userId: number) => ({ type: 'typing' as const, conversationId: 1, userId })

describe('a listener of the in-process bus', () => {
  it('keeps what arrives before it is read, in order, and hands a later message to a waiting read', async () => {
    const bus = createInProcessBus()
    const listener = bus.listen('chat', 7, new AbortController().signal)
    await listener.ready
    const heard = listener[Symbol.asyncIterator]()
    bus.publish('chat', 7, typing(1))
    bus.publish('chat', 8, typing(2))
    bus.publish('chat', 7, typing(3))
    expect(await heard.next()).toEqual({ done: false, value: typing(1) })
    expect(await heard.next()).toEqual({ done: false, value: typing(3) })
    const waiting = heard.next()
    bus.publish('chat', 7, typing(4))
    expect(await waiting).toEqual({ done: false, value: typing(4) })
  })

  it('ends a waiting read when its signal aborts, and hears nothing after', async () => {
    const bus = createInProcessBus()
    const stop = new AbortController()
    const heard = bus.listen('chat', 7, stop.signal)[Symbol.asyncIterator]()
    const waiting = heard.next()
    stop.abort()
    expect(await waiting).toEqual({ done: true, value: undefined })
    bus.publish('chat', 7, typing(1))
    expect(await heard.next()).toEqual({ done: true, value: undefined })
  })

  it('stops hearing once returned, while another listener of the same key goes on', async () => {
    const bus = createInProcessBus()
    const signal = new AbortController().signal
    const one = bus.listen('chat', 7, signal)[Symbol.asyncIterator]()
    const two = bus.listen('chat', 7, signal)[Symbol.asyncIterator]()
    expect(await one.return?.()).toEqual({ done: true, value: undefined })
    bus.publish('chat', 7, typing(1))
    expect(await one.next()).toEqual({ done: true, value: undefined })
    expect(await two.next()).toEqual({ done: false, value: typing(1) })
  })

  it('is over from the start when its signal was already aborted', async () => {
    const bus = createInProcessBus()
    const listener = bus.listen('chat', 7, AbortSignal.abort())
    await listener.ready
    bus.publish('chat', 7, typing(1))
    expect(await listener[Symbol.asyncIterator]().next()).toEqual({ done: true, value: undefined })
  })

  it('of a whole topic hears every key of that topic only', async () => {
    const bus = createInProcessBus()
    const heard = bus.listenTopic('account', new AbortController().signal)[Symbol.asyncIterator]()
    bus.publish('chat', 7, typing(1))
    bus.publish('account', 7, { userId: 7, reason: 'roles' })
    bus.publish('account', 8, { userId: 8, reason: 'suspended' })
    expect(await heard.next()).toEqual({ done: false, value: { userId: 7, reason: 'roles' } })
    expect(await heard.next()).toEqual({ done: false, value: { userId: 8, reason: 'suspended' } })
  })
})
