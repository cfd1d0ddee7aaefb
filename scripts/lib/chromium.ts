/** How the benchmarks and the browser tests start Debian's Chromium. */

/** Headless on this machine's closed network: no background calls for it to refuse. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
