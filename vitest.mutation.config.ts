/**
 * The unit project alone, for mutation testing (stryker.config.json): the e2e project needs a build
 * and a browser, and Stryker's Vitest runner has no option to pick one project.
 */
import { defineConfig } from 'vitest/config'
import base from './vitest.config'

const unit = base.test?.projects?.find(
  (project) => typeof project === 'object' && 'test' in project && project.test?.name === 'unit',
)
if (!unit || typeof unit !== 'object' || !('test' in unit))
  throw new Error('vitest.config.ts has no unit project')

export default defineConfig({
  resolve: base.resolve,
  test: {
    ...unit.test,
    name: undefined,
    // Only the tests written for the mutated rules (docs/mutation.md): every procedure call passes
    // through server/trpc/init.ts, so with the whole unit project each surviving mutant there would
    // rerun nearly every test, hours on two cores.
    include: [
      'server/safety/*.test.ts',
      'server/realtime/subscriptions.test.ts',
      'tests/integration/{procedure-tiers,community-scope,community-resolution,safety,reviews,chat-photos,wanted,identity}.test.ts',
      'tests/security/{suspension,procedures,blocked-rsvp,subscriptions}.test.ts',
    ],
    // Instrumented code runs several times slower: the sign-up bursts (real password hashing) need room.
    testTimeout: 60_000,
  },
})
