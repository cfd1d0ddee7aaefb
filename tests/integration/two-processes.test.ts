import Sqlite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { communities } from '../../server/db/schema'
import { setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()

describe('a write transaction beside another process on the same file', () => {
  it('takes the write lock at BEGIN: another writer waits for it instead of making it fail after it read', () => {
    // A second connection stands in for the other instance; it gives up at once rather than wait.
    const other = new Sqlite(world.db.$client.name)
    other.pragma('busy_timeout = 0')
    let otherWrote = true
    try {
      world.db.transaction((tx) => {
        tx.select().from(communities).all()
        try {
          other.prepare("update communities set name = name || '!' where slug = 'univille'").run()
        } catch {
          otherWrote = false
        }
        tx.update(communities).set({ primaryColor: '#123456' }).run()
      })
    } finally {
      other.close()
    }
    expect(otherWrote).toBe(false)
    expect(
      world.db
        .select()
        .from(communities)
        .all()
        .every((row) => row.primaryColor === '#123456'),
    ).toBe(true)
  })
})
