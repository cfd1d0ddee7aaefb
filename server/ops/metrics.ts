import { timingSafeEqual } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Mailer } from '../mail/mailer'
import type { BackupStatus } from './backup-job'

/** Live figures the metrics read when scraped, from parts built after the metrics (the WebSocket server). */
export type LiveGauges = {
  openConnections: () => number
  activeSubscriptions: () => number
}

export type AppMetrics = ReturnType<typeof createMetrics>

/**
 * The process's Prometheus metrics in their own registry (tests build as many as they like).
 * Procedure labels come from the router's own list, so a made-up path cannot grow the label set.
 */
export function createMetrics({
  procedures,
  backup,
}: {
  procedures: ReadonlySet<string>
  backup: () => BackupStatus
}) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'vupt_http_requests_total',
    help: 'Requisições HTTP respondidas, por procedimento (ou rota) e status.',
    labelNames: ['procedure', 'status'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'vupt_http_request_duration_seconds',
    help: 'Tempo até a resposta, por procedimento (ou rota).',
    labelNames: ['procedure'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  const sqliteBusy = new Counter({
    name: 'vupt_sqlite_busy_errors_total',
    help: 'Operações que falharam com SQLITE_BUSY ou SQLITE_LOCKED.',
    registers: [registry],
  })
  const mailFailures = new Counter({
    name: 'vupt_mail_failures_total',
    help: 'E-mails que não puderam ser entregues ao servidor de e-mail.',
    registers: [registry],
  })
  let live: LiveGauges = { openConnections: () => 0, activeSubscriptions: () => 0 }
  new Gauge({
    name: 'vupt_websocket_connections',
    help: 'Conexões WebSocket abertas.',
    registers: [registry],
    collect() {
      this.set(live.openConnections())
    },
  })
  new Gauge({
    name: 'vupt_active_subscriptions',
    help: 'Assinaturas ao vivo (chat, conta, painel) em andamento.',
    registers: [registry],
    collect() {
      this.set(live.activeSubscriptions())
    },
  })
  new Gauge({
    name: 'vupt_backup_age_seconds',
    help: 'Segundos desde o último backup concluído (-1 sem backup ou com backups automáticos desligados).',
    registers: [registry],
    collect() {
      const last = backup().lastSuccessAt
      this.set(last ? (Date.now() - last.getTime()) / 1000 : -1)
    },
  })

  /** The label of a request: the tRPC procedures it calls, or a coarse route. */
  function labelsOf(req: Request): string[] {
    // originalUrl: routers mounted on a prefix rewrite req.path while they run.
    const path = new URL(req.originalUrl, 'http://localhost').pathname
    if (path.startsWith('/api/trpc/')) {
      return path
        .slice('/api/trpc/'.length)
        .split(',')
        .map((name) => (procedures.has(name) ? name : 'desconhecido'))
    }
    if (path.startsWith('/api/uploads')) return ['uploads']
    if (path.startsWith('/uploads/')) return ['fotos']
    if (path.startsWith('/assets/')) return ['arquivos']
    if (path === '/healthz' || path === '/readyz' || path === '/metrics') return [path.slice(1)]
    return ['paginas']
  }

  return {
    registry,
    setLive(gauges: LiveGauges) {
      live = gauges
    },
    /** Express middleware, first in the chain: counts and times every response. */
    observeRequests(req: Request, res: Response, next: NextFunction) {
      const end = duration.startTimer()
      res.once('finish', () => {
        const status = String(res.statusCode)
        for (const procedure of labelsOf(req)) {
          requests.inc({ procedure, status })
          end({ procedure })
        }
      })
      next()
    },
    /** Counts SQLite's busy/locked failures in any error that reaches a handler. */
    observeError(error: unknown) {
      let current: unknown = error
      for (let depth = 0; current && depth < 5; depth++) {
        const code = (current as { code?: unknown }).code
        if (
          typeof code === 'string' &&
          (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
        ) {
          sqliteBusy.inc()
          return
        }
        current = (current as { cause?: unknown }).cause
      }
    },
    /** The mailer, counting the sends that fail (the error still reaches the caller). */
    countingMailer(mailer: Mailer): Mailer {
      return {
        send: (mail) =>
          mailer.send(mail).catch((error: unknown) => {
            mailFailures.inc()
            throw error
          }),
      }
    },
  }
}

/**
 * GET /metrics for a scraper that presents `Authorization: Bearer <METRICS_TOKEN>`. Without a
 * configured token the route does not exist (404), so the figures are never public.
 */
export function metricsEndpoint(metrics: AppMetrics, token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!expected) return next()
    const given = Buffer.from(req.headers.authorization ?? '')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.set('WWW-Authenticate', 'Bearer').status(401).type('text/plain').send('não autorizado\n')
      return
    }
    res.set('Content-Type', metrics.registry.contentType)
    res.set('Cache-Control', 'no-store')
    res.send(await metrics.registry.metrics())
  }
}
