import { type ReactNode, Suspense, use, useEffect, useId, useState } from 'react'

/** Parts of the server's HTML still waiting for their turn to hydrate. */
let waiting = 0
let hydrating = false
const whenDone: (() => void)[] = []

function settle() {
  if (hydrating || waiting > 0) return
  for (const done of whenDone.splice(0)) done()
}

/** Runs `hydrate` (which calls hydrateRoot): every HydrateLater it meets waits for its turn. */
export function hydrateInTurns(hydrate: () => void): void {
  hydrating = true
  try {
    hydrate()
  } finally {
    hydrating = false
  }
  settle()
}

/** Calls `done` once every part of the page has hydrated (at once when nothing is waiting). */
export function whenHydrated(done: () => void): void {
  whenDone.push(done)
  settle()
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** What Preact's function components are called with as `this`: their vnode (a private field). */
type Instance = { __v?: { __m?: [string, number] } }

function Turn(this: Instance | undefined, { children }: { children: ReactNode }) {
  // Decided once, at mount: only a part of the server's HTML waits; one rendered later does not.
  const [turn] = useState(() => {
    if (!hydrating && waiting === 0) return null
    waiting++
    return nextTask()
  })
  // Preact numbers useId in render order from the nearest vnode with a counter of its own. A part that
  // hydrates after the rest would number its ids differently from the server's single pass, so each
  // part counts from its own id, which is rendered in order on both sides.
  const namespace = useId()
  if (this?.__v) this.__v.__m ??= [namespace, 0]
  useEffect(() => {
    if (!turn) return
    waiting--
    settle()
  }, [turn])
  if (turn) use(turn)
  return children
}

/**
 * The server's HTML of `children` stays as it is while the rest of the page hydrates, and is hydrated
 * in a task of its own right after. Preact hydrates a page in one go, with no pause: on a slow phone
 * that was one task of several hundred milliseconds, during which a tap went unanswered. `children`
 * must render one element, which is what Preact keeps in place while it waits, and must not suspend on
 * their own later (a lazy page), which this boundary, with no fallback, would catch.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  )
}
