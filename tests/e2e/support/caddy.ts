import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './server'

export const CADDY = '/usr/bin/caddy'

export type RunningCaddy = { url: string; close: () => Promise<void> }

/**
 * Debian's Caddy on a free loopback port, plain HTTP, with no admin endpoint and nothing kept between
 * runs. `site` is the body of the site block, as in the README's Caddyfile.
 */
export async function startCaddy(site: string): Promise<RunningCaddy> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'vupt-caddy-'))
  const config = join(dir, 'Caddyfile')
  writeFileSync(config, `{\n\tadmin off\n\tauto_https off\n}\n\nhttp://127.0.0.1:${port} {\n${site}\n}\n`)
  const child: ChildProcess = spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir },
    stdio: 'ignore',
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy terminou com código ${child.exitCode}`)
    try {
      await fetch(`${url}/healthz`)
      break
    } catch {
      if (Date.now() > deadline) throw new Error('caddy não respondeu')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    url,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
