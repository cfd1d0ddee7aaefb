import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../server/db/client'
import { createConversation, createStudent } from '../../server/db/factories'
import { commitTogether } from '../../server/db/group-commit'
import { valuesWhere } from '../../server/db/rows'
import { messages } from '../../server/db/schema'
import { callerFor, setUpTestWorld } from '../support/test-app'

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
  const one = (await createStudent(world.db, { member: true })).id
  const two = (await createStudent(world.db, { member: true })).id
  return { one, two, conversationId: createConversation(world.db, one, two) }
}

const contentsIn = (db: Database, conversationId: number) =>
  valuesWhere(db, messages, 'conversationId', conversationId, 'content', ['id'])

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

  it('mais de 500 no mesmo turno vão em commits de até 500, todos gravados e na ordem', async () => {
    const { one, conversationId } = await pair()
    const reader = otherConnection()
    // Each write notes how many of the others were already committed when it ran.
    const committedBefore: number[] = []
    const writes = Array.from({ length: 1_200 }, (_, n) =>
      commitTogether(world.db, (tx) => {
        committedBefore.push(contentsIn(reader, conversationId).length)
        tx.insert(messages)
          .values({ conversationId, senderId: one, content: `m${n}` })
          .run()
        return n
      }),
    )
    expect(await Promise.all(writes)).toEqual(Array.from({ length: 1_200 }, (_, n) => n))
    expect(contentsIn(reader, conversationId)).toEqual(Array.from({ length: 1_200 }, (_, n) => `m${n}`))
    expect([...new Set(committedBefore)]).toEqual([0, 500, 1_000])
    expect(committedBefore.filter((count) => count === 0)).toHaveLength(500)
  })

  it('se o próprio commit falha, todas as escritas do lote são recusadas e nada fica', async () => {
    const { one, conversationId } = await pair()
    const write = (content: string, senderId: number) =>
      commitTogether(world.db, (tx) => {
        tx.insert(messages).values({ conversationId, senderId, content }).run()
        return content
      })
    // A foreign key checked only at COMMIT: the savepoints pass, the commit refuses the whole batch.
    world.db.run(sql`pragma defer_foreign_keys = on`)
    const outcomes = await Promise.allSettled([
      write('boa', one),
      write('órfã', 999_999),
      write('outra boa', one),
    ])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(contentsIn(otherConnection(), conversationId)).toEqual([])
    expect(world.db.$client.inTransaction).toBe(false)
  })

  it('cada conexão aberta pelo app grava com synchronous=FULL: um envio confirmado sobrevive a uma queda de energia', () => {
    // 2 is FULL: the commit waits for the disk, WAL included (better-sqlite3 would leave NORMAL, 1).
    expect(world.db.$client.pragma('synchronous', { simple: true })).toBe(2)
    expect(otherConnection().$client.pragma('synchronous', { simple: true })).toBe(2)
  })
})
