/** The slow phone of issue #52, as the DevTools protocol really applies it (nothing simulated). */
import type { BrowserContext, Page } from 'playwright-core'

export const SLOW_PHONE = {
  /** Added to every request. */
  latencyMs: 150,
  /** 1.6 Mbit/s down and 750 kbit/s up, in bytes per second. */
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
  viewport: { width: 412, height: 823 },
}

/** Slows the page's network and CPU from its next request on. */
export async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: SLOW_PHONE.downloadBytesPerSecond,
    uploadThroughput: SLOW_PHONE.uploadBytesPerSecond,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown })
}
