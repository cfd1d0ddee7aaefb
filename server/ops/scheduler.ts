import type { Logger } from 'pino'

/**
 * Decides whether this process runs a job's turn. One process always may; with several processes on
 * the same data, an implementation backed by a shared lock (with expiry) lets exactly one run it.
 */
export interface JobLock {
  tryAcquire(job: string, ttlMs: number): Promise<boolean>
  /** Extends a lock this process holds by another `ttlMs`; false when it is no longer this process's. */
  renew(job: string, ttlMs: number): Promise<boolean>
  release(job: string): Promise<void>
}

export const localJobLock: JobLock = {
  tryAcquire: async () => true,
  renew: async () => true,
  release: async () => {},
}

export type PeriodicJob = {
  /** Stable name: in logs, metrics and the lock key. */
  name: string
  everyMs: number
  /** Also run once right after start (after this delay), instead of waiting a whole period. */
  firstRunAfterMs?: number
  run: () => Promise<void>
}

export type JobState = {
  name: string
  running: boolean
  lastStartedAt: Date | null
  lastFinishedAt: Date | null
  lastError: string | null
}

export type Scheduler = {
  add(job: PeriodicJob): void
  /** Runs one job now (also a turn taken under the lock); resolves when it has finished. */
  runNow(name: string): Promise<void>
  states(): JobState[]
  /** Stops the timers and waits for running jobs to end. */
  stop(): Promise<void>
}

/**
 * The one home of the process's periodic work. A job never overlaps itself: a turn that comes while
 * the previous one still runs is skipped. A job's failure is logged and the next turn comes as usual.
 */
export function createScheduler({
  logger,
  lock = localJobLock,
}: {
  logger: Logger
  lock?: JobLock
}): Scheduler {
  type Entry = { job: PeriodicJob; state: JobState; timers: NodeJS.Timeout[]; current: Promise<void> | null }
  const entries = new Map<string, Entry>()
  let stopped = false

  async function turn(entry: Entry): Promise<void> {
    if (entry.current) return entry.current
    const { job, state } = entry
    entry.current = (async () => {
      if (!(await lock.tryAcquire(job.name, job.everyMs))) return
      state.running = true
      state.lastStartedAt = new Date()
      // A turn may outlast its period (a backup of a large database): the lock is extended while it
      // runs, so that another process does not take it and run the same job alongside.
      const heartbeat = setInterval(
        () => {
          lock.renew(job.name, job.everyMs).then(
            (held) => {
              if (!held) logger.warn({ job: job.name }, 'a trava da tarefa expirou durante a execução')
            },
            (error: unknown) =>
              logger.warn({ err: error, job: job.name }, 'não foi possível renovar a trava da tarefa'),
          )
        },
        Math.max(1, Math.floor(job.everyMs / 3)),
      )
      heartbeat.unref()
      try {
        await job.run()
        state.lastError = null
      } catch (error) {
        state.lastError = error instanceof Error ? error.message : String(error)
        logger.error({ err: error, job: job.name }, 'tarefa periódica falhou')
      } finally {
        clearInterval(heartbeat)
        state.running = false
        state.lastFinishedAt = new Date()
        await lock
          .release(job.name)
          .catch((error: unknown) =>
            logger.warn({ err: error, job: job.name }, 'não foi possível liberar a trava da tarefa'),
          )
      }
    })().finally(() => {
      entry.current = null
    })
    return entry.current
  }

  return {
    add(job) {
      if (entries.has(job.name)) throw new Error(`tarefa repetida: ${job.name}`)
      if (stopped) throw new Error('agendador parado')
      const entry: Entry = {
        job,
        state: { name: job.name, running: false, lastStartedAt: null, lastFinishedAt: null, lastError: null },
        timers: [],
        current: null,
      }
      entry.timers.push(setInterval(() => void turn(entry), job.everyMs).unref())
      if (job.firstRunAfterMs !== undefined) {
        entry.timers.push(setTimeout(() => void turn(entry), job.firstRunAfterMs).unref())
      }
      entries.set(job.name, entry)
    },
    runNow(name) {
      const entry = entries.get(name)
      if (!entry) return Promise.reject(new Error(`tarefa desconhecida: ${name}`))
      return turn(entry)
    },
    states: () => [...entries.values()].map((entry) => ({ ...entry.state })),
    async stop() {
      stopped = true
      for (const entry of entries.values()) for (const timer of entry.timers) clearTimeout(timer)
      await Promise.all([...entries.values()].map((entry) => entry.current))
    },
  }
}
