import { createServer } from 'node:http'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { pino } from 'pino'
import { z } from 'zod'
import { pt } from 'zod/locales'
import { type Database, openDatabase, runMigrations } from '../server/db/client'
import { communities } from '../server/db/schema'
import { seedBase } from '../server/db/seed'
import { MEETING_SWEEP_EVERY_MS, runMeetingSweep } from '../server/deals/meeting-sweep'
import { OFFER_SWEEP_EVERY_MS, runOfferSweep } from '../server/deals/offer-ends'
import { createHttpApp, type HttpAppOptions } from '../server/http/app'
import { serveBuiltClient, serveDevClient } from '../server/http/client-app'
import { LISTING_LIFE_EVERY_MS, runListingLife } from '../server/listings/life'
import { createFileMailer, createSmtpMailer } from '../server/mail/mailer'
import { CHAT_DIGEST_INTERVAL_MS, runChatDigest } from '../server/notifications/chat-digest'
import { type BackupStatus, createBackupJob } from '../server/ops/backup-job'
import { createMetrics } from '../server/ops/metrics'
import { connectRedis, createRedisJobLock } from '../server/ops/redis'
import { createScheduler, localJobLock, type PeriodicJob } from '../server/ops/scheduler'
import { ACCESS_RECORDS_PURGE_EVERY_MS, purgeAccessRecords } from '../server/people/auth/access-records'
import { createIdentityCache } from '../server/people/auth/identity-cache'
import { createSecretBox, loadSecretKey } from '../server/people/auth/secret-box'
import { createLocalPresence, createRedisPresence } from '../server/push/presence'
import { createPushService } from '../server/push/sender'
import { loadVapidKeys } from '../server/push/vapid'
import { createRateLimits } from '../server/rate-limits'
import { createInProcessBus } from '../server/realtime/bus'
import { createRedisBus } from '../server/realtime/redis-bus'
import { attachWebSockets } from '../server/realtime/ws'
import { appRouter } from '../server/routers/_app'
import { seedCalendars } from '../server/semesters/calendar'
import { REVERIFICATION_EVERY_MS, runReverification } from '../server/semesters/reverification'
import type { AppServices } from '../server/services'
import { procedureTable } from '../server/trpc/procedures'
import { ORPHAN_CLEANUP_INTERVAL_MS, runOrphanCleanup } from '../server/uploads/cleanup'
import { createPhoneBackfillJob, PHONE_BACKFILL_EVERY_MS } from '../server/uploads/phone-renditions'
import { createLocalImageStorage } from '../server/uploads/storage'
import type { PageRenderer } from '../shared/ssr'
import { type Env, loadEnv } from './env'

// Both src/main.ts (development) and dist/main.js (built) sit one level below the project root.
const projectRoot = fileURLToPath(new URL('..', import.meta.url))

async function main() {
  // Messages of rules written without a pt-BR text of their own come out in Portuguese too.
  z.config(pt())
  const env = loadEnv()
  const isProduction = env.NODE_ENV === 'production'
  const logger = pino({ level: env.LOG_LEVEL })
  const dataDir = resolve(env.DATA_DIR)

  const db = openDatabase(join(dataDir, 'vupt.sqlite'))
  runMigrations(db, join(projectRoot, 'drizzle'))
  refuseForeignCommunities(db, env.COMMUNITIES)
  await seedBase(
    db,
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? {
          email: env.ADMIN_EMAIL,
          password: env.ADMIN_PASSWORD,
          onTakeOver: (userId) =>
            logger.warn(
              { userId },
              'ADMIN_EMAIL tinha um cadastro não confirmado: senha, sessões e verificação em duas etapas dele foram apagadas',
            ),
        }
      : undefined,
    env.COMMUNITIES,
  )
  seedCalendars(db)
  const defaultCommunity = checkOwnedCommunities(db, env.COMMUNITIES, env.DEFAULT_COMMUNITY)

  // Without REDIS_URL this is the only instance: bus, limits and job locks stay in the process.
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL, logger) : undefined
  const scheduler = createScheduler({
    logger,
    lock: redis ? createRedisJobLock(redis.commands, logger) : localJobLock,
  })
  let backupStatus = (): BackupStatus => ({ enabled: false, lastSuccessAt: null, lastFailureAt: null })
  if (env.BACKUP_DIR) {
    const backups = await createBackupJob({
      sqlite: db.$client,
      dataDir,
      migrationsFolder: join(projectRoot, 'drizzle'),
      backupDir: resolve(env.BACKUP_DIR),
      intervalHours: env.BACKUP_INTERVAL_HOURS,
      keep: env.BACKUP_KEEP,
      logger,
    })
    scheduler.add(backups.job)
    backupStatus = backups.status
  }

  // Without METRICS_TOKEN nobody may read /metrics, so nothing is counted either: no work per request.
  const metrics = env.METRICS_TOKEN
    ? createMetrics({
        procedures: new Set(procedureTable(appRouter).keys()),
        backup: () => backupStatus(),
      })
    : undefined
  const mailer = env.SMTP_URL
    ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM)
    : createFileMailer(join(dataDir, 'mail'), env.MAIL_FROM, logger)

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
  const rateLimits = createRateLimits(redis?.commands)
  const push = createPushService({
    db,
    logger,
    vapid: loadVapidOrExit(dataDir, env),
    policy: { allowedOrigins: new Set(env.PUSH_ENDPOINT_ORIGINS_ALLOWED ?? []) },
    presence: redis ? createRedisPresence(redis.commands, logger) : createLocalPresence(),
    rateLimits,
  })
  const services: AppServices = {
    db,
    logger,
    bus: redis
      ? createRedisBus({ publisher: redis.publisher, subscriber: redis.subscriber, logger })
      : createInProcessBus(),
    mailer: metrics ? metrics.countingMailer(mailer) : mailer,
    rateLimits,
    secrets: createSecretBox(loadSecretKey(dataDir, env.SECRET_KEY)),
    storage: createLocalImageStorage(join(dataDir, 'uploads')),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    identities: createIdentityCache({ sqlite: db.$client }),
    defaultCommunitySlug: defaultCommunity,
    ownedCommunities: env.COMMUNITIES,
    push,
    ops: { backup: () => backupStatus(), redis: redis?.isReady },
  }

  // The app is attached once built: Vite's hot reload needs the server first.
  const server = createServer()
  // Longer than the usual proxy and client idle timeouts, so a reused connection is never closed mid-request.
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  const clientOptions = {
    db,
    settings: {
      supportEmail: env.SUPPORT_EMAIL,
      contactEmail: env.CONTACT_EMAIL,
      googleEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
      defaultCommunitySlug: defaultCommunity,
      social: { instagram: env.INSTAGRAM_URL, linkedin: env.LINKEDIN_URL },
    },
  }
  let closeVite: (() => Promise<void>) | undefined
  let clientPages: NonNullable<HttpAppOptions['clientPages']>
  if (isProduction) {
    // Built by `vite build --ssr` beside the client, and loaded before the server listens: loaded on the
    // first page, it made the first visitor after each start wait about 0.7 s for it.
    const renderer: PageRenderer = await import(
      pathToFileURL(join(projectRoot, 'dist', 'ssr', 'entry-server.js')).href
    )
    const ssr = { services, renderer: async () => renderer }
    clientPages = (app, pageCache) =>
      serveBuiltClient(app, join(projectRoot, 'dist', 'client'), { ...clientOptions, ssr, pageCache })
  } else {
    const { createServer: createViteServer } = await import('vite')
    const vite = await createViteServer({
      configFile: join(projectRoot, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server } },
      appType: 'custom',
    })
    const ssr = {
      services,
      renderer: () => vite.ssrLoadModule('/entry-server.tsx') as Promise<PageRenderer>,
    }
    clientPages = (app) => serveDevClient(app, vite, join(projectRoot, 'client'), { ...clientOptions, ssr })
    closeVite = () => vite.close()
  }
  const app = createHttpApp({
    services,
    isProduction,
    trustProxy: env.TRUST_PROXY,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { id: env.GOOGLE_CLIENT_ID, secret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    clientPages,
    metrics,
    metricsToken: env.METRICS_TOKEN,
    dataDir,
  })
  server.on('request', app)
  const sockets = attachWebSockets(server, services, { trustProxy: env.TRUST_PROXY })
  metrics?.setLive({ openConnections: sockets.openTotal, activeSubscriptions: sockets.activeSubscriptions })

  /** A periodic sweep that counts what it changed, logged only when it changed something. */
  const addSweep = (
    job: Omit<PeriodicJob, 'run'>,
    sweep: () => Record<string, number> | Promise<Record<string, number>>,
    message: string,
  ) =>
    scheduler.add({
      ...job,
      run: async () => {
        const counts = await sweep()
        if (Object.values(counts).some((count) => count > 0)) logger.info(counts, message)
      },
    })
  addSweep(
    { name: 'access-records-purge', everyMs: ACCESS_RECORDS_PURGE_EVERY_MS, firstRunAfterMs: 5 * 60 * 1000 },
    () => ({ count: purgeAccessRecords(db) }),
    'registros de acesso com mais de seis meses apagados',
  )
  scheduler.add({
    name: 'uploads-orphans',
    everyMs: ORPHAN_CLEANUP_INTERVAL_MS,
    run: () => runOrphanCleanup(services),
  })
  scheduler.add({
    name: 'uploads-phone-renditions',
    everyMs: PHONE_BACKFILL_EVERY_MS,
    firstRunAfterMs: 30 * 1000,
    run: createPhoneBackfillJob(services),
  })
  addSweep(
    { name: 'listing-life', everyMs: LISTING_LIFE_EVERY_MS, firstRunAfterMs: 60 * 1000 },
    () => runListingLife(services),
    'anúncios expirados e avisos de expiração',
  )
  addSweep(
    { name: 'semester-reverification', everyMs: REVERIFICATION_EVERY_MS, firstRunAfterMs: 90 * 1000 },
    () => runReverification(services),
    'reconfirmação do e-mail institucional',
  )
  addSweep(
    { name: 'offer-sweep', everyMs: OFFER_SWEEP_EVERY_MS, firstRunAfterMs: 2 * 60 * 1000 },
    () => runOfferSweep(services),
    'ofertas expiradas e encerradas',
  )
  addSweep(
    { name: 'meeting-sweep', everyMs: MEETING_SWEEP_EVERY_MS, firstRunAfterMs: 2 * 60 * 1000 },
    () => runMeetingSweep(services),
    'lembretes de entrega e entregas expiradas',
  )
  scheduler.add({
    name: 'chat-digest',
    everyMs: CHAT_DIGEST_INTERVAL_MS,
    run: async () => {
      await runChatDigest(services)
    },
  })

  server.listen(env.PORT, env.HOST, () => {
    logger.info({ url: publicUrl, port: env.PORT, dataDir, mode: env.NODE_ENV }, 'Vupt no ar')
  })

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'encerrando')
    sockets.close()
    push.stop()
    // Stop accepting, let running requests and jobs (a backup) finish, then close the database.
    const jobsDone = scheduler.stop()
    server.close(() => {
      void jobsDone.then(() => {
        db.$client.close()
        void (redis?.close() ?? Promise.resolve()).finally(() => {
          logger.info('encerrado')
          process.exit(0)
        })
      })
    })
    server.closeIdleConnections()
    void closeVite?.()
    setTimeout(() => {
      logger.warn('conexões ainda abertas; encerrando à força')
      server.closeAllConnections()
    }, 10_000).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

/** The VAPID pair, validated at start: a bad one is named and the process does not come up. */
function loadVapidOrExit(dataDir: string, env: Env) {
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    console.error(
      'Configuração inválida: VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vêm juntas, ou nenhuma das duas.',
    )
    process.exit(1)
  }
  try {
    return loadVapidKeys(dataDir, {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
    })
  } catch (error) {
    console.error(`Configuração inválida: chaves VAPID: ${(error as Error).message}`)
    process.exit(1)
  }
}

const communitySlugs = (db: Database) =>
  db
    .select({ slug: communities.slug })
    .from(communities)
    .all()
    .map((row) => row.slug)

/**
 * With COMMUNITIES, the database must hold only the owned communities (an instance of its own, with its
 * own DATA_DIR): a row of another community would be served here. Checked before seeding.
 */
function refuseForeignCommunities(db: Database, owned: string[] | undefined) {
  const foreign = owned ? communitySlugs(db).filter((slug) => !owned.includes(slug)) : []
  if (foreign.length > 0) {
    throw new Error(
      `COMMUNITIES: o banco em DATA_DIR tem comunidades que esta instância não serve: ${foreign.join(', ')}`,
    )
  }
}

/** After seeding: every owned community exists. Returns the community of unprefixed routes, an owned one. */
function checkOwnedCommunities(db: Database, owned: string[] | undefined, fallback: string): string {
  if (!owned) return fallback
  const present = communitySlugs(db)
  const unknown = owned.filter((slug) => !present.includes(slug))
  if (unknown.length > 0) throw new Error(`COMMUNITIES: comunidades desconhecidas: ${unknown.join(', ')}`)
  return owned.includes(fallback) ? fallback : (owned[0] ?? fallback)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
