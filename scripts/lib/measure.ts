/** What the benchmarks read about a running process and a set of timings. */
import { readdirSync, readFileSync } from 'node:fs'
import WebSocket from 'ws'

/**
 * CPU time a process has used so far, all its threads together, in milliseconds with nanosecond
 * resolution (Linux /proc/…/schedstat; /proc/…/stat counts in 10 ms ticks).
 */
export function cpuTimeMs(pid: number): number {
  let nanoseconds = 0
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0])
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return nanoseconds / 1e6
}

/** Resident memory of a process, in KiB (Linux /proc). */
export function rssKiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
}

/** The p-th percentile of values sorted ascending (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

/**
 * Memory of a process started with `--inspect=127.0.0.1:PORT`, read right after a full garbage
 * collection asked through its inspector: what the process holds, not the garbage it has not collected
 * yet (a young generation of several MiB that would count as memory per connection). `rssKiB` is the
 * resident memory (Linux /proc); `heapKiB` the JavaScript heap in use, which the C allocator's
 * fragmentation does not blur: the resident memory of the same run varies by about 1 KiB per
 * connection at 2,000 connections, the heap by a few bytes.
 */
export async function memoryAfterGc(
  pid: number,
  inspectorPort: number,
): Promise<{ rssKiB: number; heapKiB: number }> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string
  }[]
  const url = targets[0]?.webSocketDebuggerUrl
  if (!url) throw new Error(`inspetor sem alvo na porta ${inspectorPort}`)
  const inspector = new WebSocket(url)
  await new Promise((resolve, reject) => inspector.once('open', resolve).once('error', reject))
  const call = (id: number, method: string, params?: object) =>
    new Promise<{ result?: { result?: { value?: unknown } } }>((resolve) => {
      inspector.once('message', (raw) => resolve(JSON.parse(raw.toString())))
      inspector.send(JSON.stringify({ id, method, params }))
    })
  try {
    for (let round = 0; round < 2; round++) await call(round + 1, 'HeapProfiler.collectGarbage')
    const heap = await call(3, 'Runtime.evaluate', {
      expression: 'process.memoryUsage().heapUsed',
      returnByValue: true,
    })
    return { rssKiB: rssKiB(pid), heapKiB: Number(heap.result?.result?.value) / 1024 }
  } finally {
    inspector.close()
  }
}
