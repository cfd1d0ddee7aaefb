/**
 * The built server (dist/main.js) as the benchmarks and the browser tests run it: its own data folder,
 * a free loopback port, production mode.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:net'

export type BuiltServer = {
  url: string
  port: number
  process: ChildProcess
  /** SIGTERM (a graceful stop), then waits for the exit. */
  stop: () => Promise<void>
  /** Sends the signal and waits for the process to end. */
  kill: (signal: NodeJS.Signals) => Promise<void>
}

/** A port the kernel just handed out on loopback, free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()))
    })
  })
}

export async function waitForServer(url: string, attempts = 300): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`o servidor em ${url} não respondeu`)
}

/** Fills a data folder with the Univille demo (students, listings with photos, events, banners). */
export function seedDemo(dataDir: string): void {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (seeded.status !== 0) throw new Error('a semente de demonstração falhou')
}

export async function startBuiltServer(
  dataDir: string,
  {
    env = {},
    port: chosenPort,
    nodeArgs: extraArgs = [],
    cwd,
  }: { env?: Record<string, string>; port?: number; nodeArgs?: string[]; cwd?: string } = {},
): Promise<BuiltServer> {
  const port = chosenPort ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  // SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=prof' profiles the server under the benchmark's load.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []
  // `cwd`: another checkout's build (bench:compare runs two side by side); this one's by default.
  const child = spawn(process.execPath, [...nodeArgs, ...extraArgs, 'dist/main.js'], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await Promise.race([
    waitForServer(url),
    exited.then(() => {
      throw new Error(`o servidor terminou com código ${child.exitCode} antes de responder`)
    }),
  ])
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return { url, port, process: child, kill, stop: () => kill('SIGTERM') }
}
