import type { Request, Response } from 'express'
import type { ServerCall } from '../../shared/ssr'
import { appRouter } from '../routers/_app'
import type { AppServices } from '../services'
import { createCallerFactory } from '../trpc/init'
import { requestContext } from './trpc-context'

const createCaller = createCallerFactory(appRouter)

/**
 * The procedures a rendered page reads, called in process as the request's member: the same rules,
 * tiers and outputs as over HTTP, and answers turned into the JSON the browser would have received.
 */
export function createPageCaller(services: AppServices, req: Request, res: Response): ServerCall {
  const caller = createCaller(requestContext(services, req, res), {
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        services.logger.error(
          { err: error, path, requestId: res.locals.requestId },
          'erro ao montar a página',
        )
      }
    },
  })
  return async (path, input) => {
    let target: unknown = caller
    for (const key of path.split('.')) target = (target as Record<string, unknown>)[key]
    const output = await (target as (input: unknown) => Promise<unknown>)(input)
    return output === undefined ? undefined : JSON.parse(JSON.stringify(output))
  }
}
