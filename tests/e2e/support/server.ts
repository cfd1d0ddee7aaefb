import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BuiltServer, freePort, seedDemo, startBuiltServer } from '../../../scripts/lib/built-server'

export const ADMIN = { email: 'admin@univille.br', password: 'admin-e2e-123' }
/** A student of the Univille demo (scripts/seed-demo.ts), with listings, favorites and chats. */
export const DEMO_MEMBER = { email: 'marina.arts@univille.br', password: 'vupt-demo-123' }

export type RunningServer = Omit<BuiltServer, 'process' | 'stop'> & {
  dataDir: string
  /** SIGTERM, wait for the exit, then delete the data directory unless told to keep it. */
  stop: () => Promise<void>
}

export type StartOptions = {
  /** Start on this data directory (restored, or left by an earlier process) instead of a new one. */
  dataDir?: string
  /** Leave the data directory in place on stop(). */
  keepData?: boolean
  /** Listen on this port (a restart where clients expect the same address) instead of a free one. */
  port?: number
}

export { freePort }

/** Starts the built server (`npm run build` first) on a free port with an empty data directory. */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vupt-e2e-'))
  const server = await startBuiltServer(dataDir, {
    port: options.port,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
  })
  return {
    url: server.url,
    port: server.port,
    dataDir,
    kill: server.kill,
    stop: async () => {
      await server.stop()
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The built server on a fresh copy of the Univille demo: students, listings, events and banners. */
export function startDemoServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vupt-e2e-demo-'))
  seedDemo(dataDir)
  return startServer({}, { dataDir })
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
