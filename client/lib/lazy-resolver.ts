import type { FieldValues, Resolver } from 'react-hook-form'

/**
 * A form's validation whose code (zod and the schema) is fetched when it is first needed, not with the
 * page: on the auth page it was a third of the code a phone downloaded before the tabs responded.
 * `preload` starts the fetch once the page is interactive, so the first check rarely waits for it.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): { resolver: Resolver<TFieldValues, TContext, TTransformed>; preload: () => void } {
  let loaded: Promise<Resolver<TFieldValues, TContext, TTransformed>> | undefined
  const get = () => {
    loaded ??= load()
    // A failed fetch (the phone went offline) is tried again on the next check.
    loaded.catch(() => {
      loaded = undefined
    })
    return loaded
  }
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      void get().catch(() => {})
    },
  }
}
