import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { enrolTwoFactor } from './accounts'
import { launchBrowser, newDesktopContext, newPhoneContext, signedInPage } from './browser'
import { ADMIN, type RunningServer, startDemoServer, startServer } from './server'

type SignInOptions = NonNullable<Parameters<typeof signedInPage>[3]>

export type Stage = {
  server: RunningServer
  browser: Browser
  /** A new context on the server, the size of a phone. */
  phoneContext(): Promise<BrowserContext>
  /** A new context on the server, the size of a desktop. */
  desktopContext(): Promise<BrowserContext>
  /** A new context on the server, signed in as `account` through the sign-in page. */
  signedInPage(
    account: { email: string; password: string },
    options?: SignInOptions,
  ): ReturnType<typeof signedInPage>
  /** The seeded administrator, two-factor turned on and answered, on a desktop. */
  adminPage(): ReturnType<typeof signedInPage>
}

/**
 * The built server on a fresh data folder (with `demo`, seeded with the demo data) and a headless
 * Chromium, shared by the file's tests and closed after them. The hooks set the fields: read them in
 * hooks and tests.
 */
export function setUpStage({
  demo = false,
  env,
}: {
  demo?: boolean
  /** More environment for the server, read when it starts (after the hooks registered before this). */
  env?: () => Record<string, string>
} = {}): Stage {
  const stage: Stage = {
    server: undefined as unknown as RunningServer,
    browser: undefined as unknown as Browser,
    phoneContext: () => newPhoneContext(stage.browser, stage.server.url),
    desktopContext: () => newDesktopContext(stage.browser, stage.server.url),
    signedInPage: (account, options) => signedInPage(stage.browser, stage.server.url, account, options),
    adminPage: () =>
      stage.signedInPage(ADMIN, {
        device: 'desktop',
        totpKey: enrolTwoFactor(stage.server.dataDir, ADMIN.email),
      }),
  }
  beforeAll(async () => {
    ;[stage.server, stage.browser] = await Promise.all([
      demo ? startDemoServer() : startServer(env?.()),
      launchBrowser(),
    ])
  })
  afterAll(async () => {
    await stage.browser?.close()
    await stage.server?.stop()
  })
  return stage
}
