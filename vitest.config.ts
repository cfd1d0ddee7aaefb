import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * One unit test file per core. Vitest's default keeps a core for its own process (one worker on a 2-core
 * machine), but that process only collects results while the files wait on SQLite and sockets.
 */
const workers = Math.max(availableParallelism(), 2)

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fromRoot('./shared'),
      '@': fromRoot('./client'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            '{server,shared,client,src,scripts}/**/*.test.{ts,tsx}',
            'tests/integration/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/architecture/**/*.test.ts',
          ],
          environment: 'node',
          maxWorkers: workers,
          // Hooks that hash real passwords share the cores with the other files.
          hookTimeout: 30_000,
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Generous: two files share the cores, each with its own server and browser.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: workers,
          // The files share no module state (each starts its own server and browser in hooks), so a
          // worker keeps the modules it imported for the next file instead of importing them again.
          isolate: false,
        },
      },
    ],
  },
})
