import compression from 'compression'
import { sql } from 'drizzle-orm'
import express, { type ErrorRequestHandler, type Express } from 'express'
import { type AppMetrics, metricsEndpoint } from '../ops/metrics'
import { cachedReadiness, checkReadiness } from '../ops/readiness'
import { appRouter } from '../routers/_app'
import type { AppServices } from '../services'
import { createUploadRouter } from '../uploads/routes'
import { createAnswerCache, type PageCache } from './answer-cache'
import { createApiEdge } from './api-edge'
import { liveCommunityCheck, stripCommunityPrefix } from './community-prefix'
import { handleErrors, notFound } from './errors'
import { mountEventCalendar } from './event-calendar'
import { mountGoogleAuth } from './google-auth'
import { mountMeetingCalendar } from './meeting-calendar'
import { assignRequestId } from './request-id'
import { apiCachePolicy, requireSameOrigin, securityHeaders } from './security'
import { mountUnsubscribe } from './unsubscribe-page'

const isApiCall = (path: string) => path.startsWith('/api/trpc/')

export type HttpAppOptions = {
  services: AppServices
  isProduction: boolean
  trustProxy: number
  google?: { id: string; secret: string }
  /**
   * Mounts the client's pages (built, or through Vite): after every other route, before the error
   * handler. A built page may be kept for visitors in `pageCache`.
   */
  clientPages?: (app: Express, pageCache: PageCache) => void
  /** Counts requests and errors; /metrics answers only with `metricsToken` set (METRICS_TOKEN). */
  metrics?: AppMetrics
  metricsToken?: string
  /** DATA_DIR, for /readyz's write and free-space checks. */
  dataDir?: string
  minFreeBytes?: number
  /** The clock of /readyz's cache (see cachedReadiness); Date.now unless a test moves it. */
  readinessClock?: () => number
}

/** The Express app without the client pages (mounted by the caller, built or through Vite). */
export function createHttpApp({
  services,
  isProduction,
  trustProxy,
  google,
  clientPages,
  metrics,
  metricsToken,
  dataDir,
  minFreeBytes,
  readinessClock,
}: HttpAppOptions): Express {
  const app = express()
  app.use(stripCommunityPrefix(liveCommunityCheck(services.db)))
  if (metrics) app.use(metrics.observeRequests)
  app.use(assignRequestId)
  const answers = createAnswerCache({ sqlite: services.db.$client })
  // Built here, so a procedure that declares a cache it may not have stops the app at start.
  const apiEdge = createApiEdge({ services, router: appRouter, answers, metrics })
  app.use('/api', apiCachePolicy)
  app.disable('x-powered-by')
  app.set('trust proxy', trustProxy)
  app.use(securityHeaders(isProduction))
  // API answers and built pages are compressed whole where they are produced (compress.ts); this
  // streams the rest (files without a precompressed copy, pages in development).
  // The API never reaches it: setting it up on a request costs even when it then declines to compress.
  const streamCompression = compression()
  app.use((req, res, next) => (isApiCall(req.path) ? next() : streamCompression(req, res, next)))

  app.get('/healthz', (_req, res) => {
    try {
      services.db.get(sql`select 1`)
      res.json({ status: 'ok' })
    } catch (error) {
      services.logger.error({ err: error }, 'healthcheck falhou')
      res.status(503).json({ status: 'error' })
    }
  })

  const readyFolder = dataDir ?? services.storage.localFolder
  const readinessCheck = readyFolder
    ? cachedReadiness(
        () =>
          checkReadiness(services.db.$client, readyFolder, {
            minFreeBytes,
            onError: (check, error) =>
              services.logger.error({ err: error, check }, 'verificação de prontidão falhou'),
          }),
        { now: readinessClock },
      )
    : null
  app.get('/readyz', async (_req, res) => {
    const readiness = readinessCheck ? await readinessCheck() : null
    if (!readiness) {
      res.status(503).json({ status: 'error' })
      return
    }
    // With Redis configured, an instance cut off from it would miss the others' live events.
    const redisUp = services.ops?.redis?.()
    const checks = redisUp === undefined ? readiness.checks : { ...readiness.checks, redis: redisUp }
    const ready = readiness.ready && redisUp !== false
    res.set('Cache-Control', 'no-store')
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'error', checks })
  })
  if (metrics) app.get('/metrics', metricsEndpoint(metrics, metricsToken))

  mountUnsubscribe(app, services)
  app.use('/api', requireSameOrigin)
  // Before the photo routes, which no API call matches: a call does not walk past them.
  app.use('/api/trpc', apiEdge)
  app.use(createUploadRouter(services))
  mountGoogleAuth(app, services, google)
  mountEventCalendar(app, services.db, services.publicUrl)
  mountMeetingCalendar(app, services)
  clientPages?.(app, answers)
  app.use(notFound(services.logger))
  if (metrics) {
    const observe: ErrorRequestHandler = (error, _req, _res, next) => {
      metrics.observeError(error)
      next(error)
    }
    app.use(observe)
  }
  app.use(handleErrors(services.logger))
  return app
}
