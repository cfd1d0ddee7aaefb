import { type AnyTRPCRouter, getTRPCErrorShape, type TRPCDefaultErrorShape, TRPCError } from '@trpc/server'
import type { Cacheability, ProcedureMeta } from './init'

/**
 * The one file that reads tRPC's router definition (`_def`): tRPC has no public way to list a router's
 * procedures with their type and meta, nor to shape an error outside a call. Everything else asks here.
 */

export type ProcedureType = 'query' | 'mutation' | 'subscription'
export type ProcedureEntry = { type: ProcedureType; meta: Partial<ProcedureMeta> }

type ProcedureDef = { _def: { type: ProcedureType; meta?: Partial<ProcedureMeta> } }

/** Every procedure of the router by its path ('listings.list'), with its type and declared meta. */
export function procedureTable(router: AnyTRPCRouter): ReadonlyMap<string, ProcedureEntry> {
  const procedures = router._def.procedures as Record<string, ProcedureDef>
  return new Map(
    Object.entries(procedures).map(([path, procedure]) => [
      path,
      { type: procedure._def.type, meta: procedure._def.meta ?? {} },
    ]),
  )
}

/** How a procedure's answer may be kept: 'never' unless its meta says otherwise. */
export const cacheabilityOf = (entry: ProcedureEntry | undefined): Cacheability =>
  entry?.meta.cache ?? 'never'

/**
 * The router's procedures by how their answers may be kept. Only a query may be kept: a mutation or a
 * subscription declared cacheable is a mistake in the code, refused when the app starts.
 */
export function cacheDeclarations(router: AnyTRPCRouter): ReadonlyMap<string, Cacheability> {
  const declared = new Map<string, Cacheability>()
  for (const [path, entry] of procedureTable(router)) {
    const cache = cacheabilityOf(entry)
    if (cache === 'never') continue
    if (entry.type !== 'query') {
      throw new Error(`${path} é ${entry.type} e não pode ser guardada (meta cache: '${cache}')`)
    }
    declared.set(path, cache)
  }
  return declared
}

/** An error answered outside any call, in the router's own shape (its formatter: catalogue code, message). */
export function errorShapeOf(router: AnyTRPCRouter, code: TRPCError['code']): TRPCDefaultErrorShape {
  // The app's formatter keeps tRPC's default shape and adds to its data (server/trpc/init.ts).
  return getTRPCErrorShape({
    config: router._def._config,
    error: new TRPCError({ code }),
    type: 'unknown',
    path: undefined,
    input: undefined,
    ctx: undefined,
  }) as TRPCDefaultErrorShape
}
