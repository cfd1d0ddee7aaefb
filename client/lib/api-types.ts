import type { AppRouter } from '@server/routers/_app'
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'

export type RouterOutputs = inferRouterOutputs<AppRouter>
export type RouterInputs = inferRouterInputs<AppRouter>
export type { AppRouter }
