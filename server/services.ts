import type { Logger } from 'pino'
import type { Database } from './db/client'
import type { Mailer } from './mail/mailer'
import type { BackupStatus } from './ops/backup-job'
import type { IdentityCache } from './people/auth/identity-cache'
import type { SecretBox } from './people/auth/secret-box'
import type { PushService } from './push/sender'
import type { RateLimits } from './rate-limits'
import type { EventBus } from './realtime/bus'
import type { ImageStorage } from './uploads/storage'

/**
 * Long-lived parts of the app that every request may use, whatever serves it (tRPC, an Express route,
 * the WebSocket, a script). Built once in src/main.ts; tests build their own.
 */
export type AppServices = {
  db: Database
  mailer: Mailer
  bus: EventBus
  logger: Logger
  rateLimits: RateLimits
  /** Encrypts secrets stored in the database (TOTP keys). */
  secrets: SecretBox
  storage: ImageStorage
  /** Origin for links in e-mails, e.g. https://vupt.app */
  publicUrl: string
  secureCookies: boolean
  /** Sessions and members already resolved, until the next write (server/people/auth/identity-cache.ts). */
  identities: IdentityCache
  defaultCommunitySlug: string
  /** COMMUNITIES: the only communities this instance serves (its database holds no other); absent, all. */
  ownedCommunities?: readonly string[]
  /** Web Push to members' devices; absent where nothing is pushed (most tests). */
  push?: PushService
  /** What the process knows about its own upkeep (scheduled backups); absent in tests that do not need it. */
  ops?: {
    backup: () => BackupStatus
    /** Whether the Redis connections are up; absent without REDIS_URL. */
    redis?: () => boolean
  }
}
