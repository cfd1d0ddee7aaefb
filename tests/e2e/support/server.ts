import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const ADMIN = { email: 'admin@univille.br', password: 'admin-e2e-123' }

export type RunningServer = {
  url: string
  port: number
  dataDir: string
  /** SIGTERM, wait for the exit, then delete the data directory unless told to keep it. */
  stop: () => Promise<void>
  /** Sends the signal and waits for the process to end; the data directory stays. */
  kill: (signal: NodeJS.Signals) => Promise<void>
  pid: number
}

export type StartOptions = {
  /** Start on this data directory (restored, or left by an earlier process) instead of a new one. */
  dataDir?: string
  /** Leave the data directory in place on stop(). */
  keepData?: boolean
  /** Listen on this port (a restart where clients expect the same address) instead of a free one. */
  port?: number
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** Starts the built server (`npm run build` first) on a free port with an empty data directory. */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort())
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vupt-e2e-'))
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor terminou com código ${child.exitCode}`)
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(signal)
    await exited
  }
  return {
    url,
    port,
    dataDir,
    pid: child.pid ?? 0,
    kill,
    stop: async () => {
      await kill('SIGTERM')
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The newest link sent to `to`, read from the .eml files the server writes without SMTP. */
export function lastMailLink(dataDir: string, to: string): string {
  const folder = join(dataDir, 'mail')
  const files = readdirSync(folder)
    .filter((file) => file.endsWith(`${to}.eml`))
    .sort()
  const newest = files.at(-1)
  if (!newest) throw new Error(`nenhum e-mail para ${to}`)
  // Quoted-printable: join soft line breaks and decode '=3D'.
  const text = readFileSync(join(folder, newest), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
  const link = text.match(/https?:\/\/[^\s"<>]+token=[a-z0-9]+/)
  if (!link) throw new Error(`e-mail sem link: ${newest}`)
  return link[0]
}
