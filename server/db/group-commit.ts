import type { Database } from './client'

/** What a queued write gets: the same transaction handle drizzle gives `db.transaction`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

type Queued = {
  work: (tx: Transaction) => unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** Largest batch: bounds how long one commit holds the event loop. */
const MAX_BATCH = 500

const queues = new WeakMap<Database, Queued[]>()

/**
 * Runs `work` in a transaction shared with the other writes queued in the same turn of the event loop
 * and resolves after that transaction committed. With `synchronous=FULL` every commit waits for the
 * disk, so a thousand messages a second would need a thousand disk flushes; together they need one.
 * Each write runs in its own savepoint, in the order it was queued: one that throws is undone alone and
 * rejects alone. Nothing is acknowledged before the commit: if the commit itself fails, every write of
 * the batch rejects.
 */
export function commitTogether<T>(db: Database, work: (tx: Transaction) => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queue = queues.get(db)
    if (!queue) {
      queue = []
      queues.set(db, queue)
      // After the current I/O callbacks: the requests read in this turn join the same batch.
      setImmediate(() => flush(db))
    }
    queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
  })
}

function flush(db: Database) {
  const queue = queues.get(db) ?? []
  queues.delete(db)
  const batch = queue.slice(0, MAX_BATCH)
  const rest = queue.slice(MAX_BATCH)
  if (rest.length > 0) {
    queues.set(db, rest)
    setImmediate(() => flush(db))
  }
  const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = []
  try {
    db.transaction((tx) => {
      for (const item of batch) {
        try {
          outcomes.push({ ok: true, value: tx.transaction((savepoint) => item.work(savepoint)) })
        } catch (error) {
          outcomes.push({ ok: false, error })
        }
      }
    })
  } catch (error) {
    for (const item of batch) item.reject(error)
    return
  }
  batch.forEach((item, index) => {
    const outcome = outcomes[index]
    if (outcome?.ok) item.resolve(outcome.value)
    else item.reject(outcome?.error)
  })
}
