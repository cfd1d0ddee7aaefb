/**
 * How much of a Lighthouse load's main-thread time was work and how much was waiting for a core: reads
 * the trace the Lighthouse CLI saves with `--save-assets` (`<name>-0.trace.json`) and prints, for the
 * first seconds after the navigation, each busy thread's tasks with their wall time and their CPU time,
 * then the page's main-thread tasks longer than `LONG_MS`, wall beside CPU. Lighthouse's simulation
 * multiplies each observed task's wall time by its CPU slowdown (4 on its phone), so a task that waited
 * for a core counts as if it had worked all along.
 * Usage: npx tsx scripts/bench/trace-cpu.ts run-0.trace.json (WINDOW_MS, 3000 by default; LONG_MS, 8).
 */

import { readFileSync } from 'node:fs'
import { runMain } from '../lib/run-main'

const WINDOW_MS = Number(process.env.WINDOW_MS ?? 3_000)
const LONG_MS = Number(process.env.LONG_MS ?? 8)

type TraceEvent = {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } }
}

/** The top-level task of a thread, by the name each kind of thread gives it. */
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask'])

const ms = (microseconds: number) => microseconds / 1000

async function main() {
  const file = process.argv[2]
  if (!file) throw new Error('uso: npx tsx scripts/bench/trace-cpu.ts <arquivo .trace.json do Lighthouse>')
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] }
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame &&
      event.args.data.documentLoaderURL?.startsWith('http'),
  )
  if (!navigation) throw new Error('o rastro não tem a navegação da página')
  const threadNames = new Map<string, string>()
  const processNames = new Map<number, string>()
  for (const event of events) {
    if (event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '')
    if (event.name === 'process_name') processNames.set(event.pid, event.args?.name ?? '')
  }
  const threadOf = (event: TraceEvent) =>
    `${processNames.get(event.pid) ?? event.pid}/${threadNames.get(`${event.pid}:${event.tid}`) ?? event.tid}`
  const end = navigation.ts + WINDOW_MS * 1000
  const tasks = events.filter(
    (event) => event.ph === 'X' && TASKS.has(event.name) && event.ts >= navigation.ts && event.ts < end,
  )

  const threads = new Map<string, { tasks: number; wallMs: number; cpuMs: number }>()
  for (const task of tasks) {
    const thread = threads.get(threadOf(task)) ?? { tasks: 0, wallMs: 0, cpuMs: 0 }
    thread.tasks++
    thread.wallMs += ms(task.dur ?? 0)
    thread.cpuMs += ms(task.tdur ?? 0)
    threads.set(threadOf(task), thread)
  }
  process.stdout.write(`$ npx tsx scripts/bench/trace-cpu.ts ${file}\n`)
  process.stdout.write(
    `Primeiros ${WINDOW_MS} ms depois da navegação, por thread (as que mais usaram CPU):\n`,
  )
  process.stdout.write('thread                                         | tarefas | parede    | CPU\n')
  for (const [name, thread] of [...threads].sort((a, b) => b[1].cpuMs - a[1].cpuMs).slice(0, 8)) {
    process.stdout.write(
      `${name.padEnd(46)} | ${String(thread.tasks).padStart(7)} | ${thread.wallMs.toFixed(0).padStart(6)} ms | ${thread.cpuMs.toFixed(0).padStart(4)} ms\n`,
    )
  }

  const pageMain = tasks.filter(
    (task) => threadOf(task) === 'Renderer/CrRendererMain' && ms(task.dur ?? 0) >= LONG_MS,
  )
  process.stdout.write(`\nTarefas da thread principal da página com ${LONG_MS} ms ou mais de parede:\n`)
  process.stdout.write('início    | parede   | CPU      | parede ÷ CPU\n')
  for (const task of pageMain) {
    const wall = ms(task.dur ?? 0)
    const cpu = ms(task.tdur ?? 0)
    process.stdout.write(
      `${ms(task.ts - navigation.ts)
        .toFixed(0)
        .padStart(
          6,
        )} ms | ${wall.toFixed(1).padStart(5)} ms | ${cpu.toFixed(1).padStart(5)} ms | ${cpu > 0 ? `${(wall / cpu).toFixed(1)}×` : '—'}\n`,
    )
  }
  const wall = pageMain.reduce((total, task) => total + ms(task.dur ?? 0), 0)
  const cpu = pageMain.reduce((total, task) => total + ms(task.tdur ?? 0), 0)
  process.stdout.write(
    `resumo: ${pageMain.length} tarefas de ${LONG_MS} ms ou mais, ${wall.toFixed(0)} ms de parede e ${cpu.toFixed(0)} ms de CPU (${cpu > 0 ? (wall / cpu).toFixed(1) : '—'}×)\n`,
  )
}

runMain(main)
