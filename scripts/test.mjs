/**
 * `npm test`: every part in turn, stopping at the first that fails, with the time each took.
 * The parts are the package's own scripts, so each can also be run alone (`npm run test:unit`).
 */
import { spawnSync } from 'node:child_process'

const PARTS = ['typecheck', 'lint', 'test:unit', 'build', 'test:browser']

const took = []
let failed
const started = performance.now()
for (const part of PARTS) {
  const start = performance.now()
  const { status, signal } = spawnSync('npm', ['run', '--silent', part], { stdio: 'inherit' })
  took.push([part, (performance.now() - start) / 1000])
  if (status !== 0) {
    failed = `${part} falhou (${signal ?? `código ${status}`})`
    break
  }
}

const lines = took.map(([part, seconds]) => `  ${part.padEnd(14)} ${seconds.toFixed(0).padStart(4)} s`)
const total = (performance.now() - started) / 1000
process.stdout.write(
  `\nTempo de cada parte:\n${lines.join('\n')}\n  ${'total'.padEnd(14)} ${total.toFixed(0).padStart(4)} s\n`,
)
if (failed) {
  process.stderr.write(`${failed}\n`)
  process.exit(1)
}
