import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../server/db/client'
import { createConversation } from '../../server/db/factories'
import { commitTogether } from '../../server/db/group-commit'
import { messages } from '../../server/db/schema'
import { callerFor, createApprovedStudent, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()
const others: Database[] = []
afterEach(() => {
  for (const db of others.splice(0)) db.$client.close()
})

/** A second connection to the same file: it sees only what was committed. */
function otherConnection(): Database {
  const db = openDatabase(world.db.$client.name)
  others.push(db)
  return db
}

async function pair() {
  const one = (await createApprovedStudent(world.db)).id
  const two = (await createApprovedStudent(world.db)).id
  return { one, two, conversationId: createConversation(world.db, one, two) }
}

const contentsIn = (db: Database, conversationId: number) =>
  db
    .select({ content: messages.content })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(messages.id)
    .all()
    .map((row) => row.content)

describe('envio de mensagens em lote (group commit)', () => {
  it('envios simultâneos são todos gravados, na ordem em que chegaram', async () => {
    const { one, conversationId } = await pair()
    const { caller } = callerFor(world.services, { userId: one })
    const texts = Array.from({ length: 8 }, (_, n) => `mensagem ${n}`)
    const sent = await Promise.all(texts.map((content) => caller.chat.send({ conversationId, content })))
    expect(sent.map((message) => message.content)).toEqual(texts)
    const ids = sent.map((message) => message.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(new Set(ids).size).toBe(texts.length)
    expect(contentsIn(otherConnection(), conversationId)).toEqual(texts)
  })

  it('só confirma depois do commit: outra conexão já vê a mensagem quando a promessa resolve', async () => {
    const { one, conversationId } = await pair()
    const reader = otherConnection()
    const write = (content: string) =>
      commitTogether(world.db, (tx) => {
        tx.insert(messages).values({ conversationId, senderId: one, content }).run()
        return content
      })
    let settled = false
    const pending = Promise.all([write('primeira'), write('segunda')]).then((values) => {
      settled = true
      // Read at the moment of the acknowledgement, before anything else runs.
      return { values, seen: contentsIn(reader, conversationId) }
    })
    // Queued, not yet written: neither acknowledged nor visible.
    expect(settled).toBe(false)
    expect(contentsIn(reader, conversationId)).toEqual([])
    const { values, seen } = await pending
    expect(values).toEqual(['primeira', 'segunda'])
    expect(seen).toEqual(['primeira', 'segunda'])
    expect(world.db.$client.inTransaction).toBe(false)
  })

  it('uma escrita que falha é desfeita sozinha; as outras do mesmo lote ficam', async () => {
    const { one, conversationId } = await pair()
    const write = (content: string, fail = false) =>
      commitTogether(world.db, (tx) => {
        tx.insert(messages).values({ conversationId, senderId: one, content }).run()
        if (fail) throw new Error('recusada')
        return content
      })
    const outcomes = await Promise.allSettled([write('antes'), write('falha', true), write('depois')])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(contentsIn(otherConnection(), conversationId)).toEqual(['antes', 'depois'])
  })
})
