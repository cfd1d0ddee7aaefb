/**
 * Throughput under concurrency measured from outside: autocannon in a process of its own (so the client's
 * work is apart from the benchmark's own), every address made distinct by autocannon's
 * `[<id>]` replacement so no cache can answer, and the server's CPU per request read from /proc meanwhile.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { cpuTimeMs } from './measure'

const require = createRequire(import.meta.url)
const AUTOCANNON = require.resolve('autocannon')

export type Throughput = {
  /** Requests answered per second, the mean over the run. */
  perSecond: number
  /** CPU time of the server process per request, all its threads, in milliseconds. */
  cpuMs: number
  /** Latency under the load, in milliseconds. */
  p50Ms: number
  p97Ms: number
  requests: number
  /** Answers that were not 2xx, and connection errors and timeouts: a valid run has none. */
  failures: number
}

/** Appends a tail autocannon makes unique for each request (`[<id>]`, a hyperid) to `url`. */
export const distinctUrl = (url: string) => `${url}${url.includes('?') ? '&' : '?'}sem-cache=[<id>]`

/**
 * `seconds` of load on `url` from `connections` clients in an autocannon process, after `warmUpSeconds`
 * of the same load left out; `serverPid` is the process whose CPU is read.
 */
export async function throughput(
  url: string,
  serverPid: number,
  { seconds = 10, warmUpSeconds = 2, connections = 32, headers = {} as Record<string, string> } = {},
): Promise<Throughput> {
  if (warmUpSeconds > 0) await autocannon(url, warmUpSeconds, connections, headers)
  const cpuBefore = cpuTimeMs(serverPid)
  const result = await autocannon(url, seconds, connections, headers)
  const requests = result.requests.total
  return {
    perSecond: result.requests.average,
    cpuMs: (cpuTimeMs(serverPid) - cpuBefore) / Math.max(1, requests),
    p50Ms: result.latency.p50,
    p97Ms: result.latency.p97_5,
    requests,
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

type AutocannonResult = {
  requests: { average: number; total: number }
  latency: { p50: number; p97_5: number }
  non2xx: number
  errors: number
  timeouts: number
}

/**
 * Runs autocannon through its API in a child process (its command line reads `[…]` as sub-arguments,
 * so an address with `[<id>]` cannot be given there), and reads its result as JSON.
 */
function autocannon(url: string, seconds: number, connections: number, headers: Record<string, string>) {
  const options = JSON.stringify({ url, duration: seconds, connections, headers, idReplacement: true })
  const script = `const autocannon = require(${JSON.stringify(AUTOCANNON)})
    autocannon(${options}).then((result) => process.stdout.write(JSON.stringify(result)))`
  return new Promise<AutocannonResult>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    child.stderr.on('data', (chunk) => {
      err += chunk
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code !== 0 || !out)
        return reject(new Error(`autocannon terminou com código ${code}: ${err.trim()}`))
      resolve(JSON.parse(out) as AutocannonResult)
    })
  })
}
