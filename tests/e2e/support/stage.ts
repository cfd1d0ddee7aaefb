import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from './browser'
import { type RunningServer, startServer } from './server'

export type Stage = { server: RunningServer; browser: Browser }

/**
 * The built server on a fresh data folder and a headless Chromium, shared by the file's tests and
 * closed after them. The hooks set the fields: read them in hooks and tests.
 */
export function setUpStage(): Stage {
  const stage = {} as Stage
  beforeAll(async () => {
    ;[stage.server, stage.browser] = await Promise.all([startServer(), launchBrowser()])
  })
  afterAll(async () => {
    await stage.browser?.close()
    await stage.server?.stop()
  })
  return stage
}
