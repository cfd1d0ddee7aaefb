import { type ComponentType, createContext, createElement, use, useContext } from 'react'

type Module<P> = { default: ComponentType<P> }

export type LazyPage<P = Record<string, unknown>> = ComponentType<P> & {
  /** The source module's key in the build manifest (`pages/portal/portal-page.tsx`). */
  readonly id: string
  preload: () => Promise<void>
}

/** Collects, during a server render, the lazy modules the page used (the client loads them first). */
export const LazyUseContext = createContext<Set<string> | null>(null)

const registry = new Map<string, LazyPage<never>>()

/**
 * Like React.lazy, but a module that is already loaded renders at once: the client loads the modules
 * the server used before hydrating, so the first client render matches the server's HTML instead of
 * suspending on a chunk.
 */
export function lazyPage<P>(id: string, load: () => Promise<Module<P>>): LazyPage<P> {
  let component: ComponentType<P> | undefined
  let pending: Promise<void> | undefined
  const preload = () => {
    pending ??= load().then((module) => {
      component = module.default
    })
    return pending
  }
  function Lazy(props: P) {
    useContext(LazyUseContext)?.add(id)
    if (!component) use(preload())
    return createElement(component as ComponentType<P & object>, props as P & object)
  }
  const page = Object.assign(Lazy, { id, preload }) as LazyPage<P>
  registry.set(id, page as LazyPage<never>)
  return page
}

/**
 * Loads the modules a server render listed, so hydration finds every one already there. A lazy module
 * declared inside another (the seller's tools in the listing page) is known only once that one has
 * loaded, so the list is gone through again until nothing more can load. Left to hydration, such a part
 * stayed as the server's HTML until its code came, and a tap on it was lost.
 */
export async function preloadLazyPages(ids: readonly string[]): Promise<void> {
  let waiting = ids
  for (;;) {
    const known = waiting.filter((id) => registry.has(id))
    if (known.length === 0) return
    waiting = waiting.filter((id) => !registry.has(id))
    await Promise.all(known.map((id) => registry.get(id)?.preload()))
  }
}
