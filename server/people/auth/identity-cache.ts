import type Sqlite from 'better-sqlite3'
import { LRUCache } from 'lru-cache'
import { dataVersionOf } from '../../db/data-version'
import type { CurrentUser, Identity } from './identity'

/** Sessions, and members, remembered at most: past it the least recently used go. */
export const IDENTITIES_REMEMBERED_MAX = 10_000

type Kept<T> = { value: T; until: number; version: string }

export type IdentityCacheOptions = {
  sqlite: Sqlite.Database
  /** Sessions remembered at most, and as many members. */
  max?: number
  now?: () => number
}

/**
 * Identities already resolved (a session with its member, by the session's id; a member, by id), kept
 * while the database stays as it was. Any write that counts (by this process or another on the same
 * file, see data-version.ts) makes them all stale: a sign-out, a session revoked, rotated or renewed, a new
 * password, a suspension, a change of roles, approval, community or profile, a deleted account is seen
 * on the next request, on every instance. Each entry also holds only until its own moment: a session
 * until resolving it again would write something (`identityQuietUntil`), a member until a suspension in
 * force ends. Each entry carries the version it was read under, and one of another version is not
 * served: a write costs nothing here, where clearing both caches walked their whole capacity, tens of
 * times a second under a busy chat.
 */
export function createIdentityCache({
  sqlite,
  max = IDENTITIES_REMEMBERED_MAX,
  now = () => Date.now(),
}: IdentityCacheOptions) {
  const dataVersion = dataVersionOf(sqlite)
  const sessions = new LRUCache<string, Kept<Identity>>({ max })
  const members = new LRUCache<number, Kept<CurrentUser | null>>({ max })
  /** The version last read: what a member read since then is kept under. */
  let version = ''

  /** The database's version now; only what was kept under it is served. */
  function currentVersion(): string {
    version = dataVersion()
    return version
  }

  const fresh = <T>(kept: Kept<T> | undefined, current: string): kept is Kept<T> =>
    kept !== undefined && kept.version === current && now() < kept.until

  return {
    currentVersion,
    session(id: string): Identity | undefined {
      const kept = sessions.get(id)
      return fresh(kept, currentVersion()) ? kept.value : undefined
    },
    /** Kept only if nothing was written since `readAt` (the version when its reading began). */
    keepSession(id: string, identity: Identity, until: number, readAt: string) {
      if (currentVersion() === readAt && until > now()) {
        sessions.set(id, { value: identity, until, version: readAt })
      }
    },
    member(userId: number): CurrentUser | null | undefined {
      const kept = members.get(userId)
      return fresh(kept, currentVersion()) ? kept.value : undefined
    },
    /** Kept under the version last read, as the member was read after it. */
    keepMember(userId: number, user: CurrentUser | null, until: number) {
      members.set(userId, { value: user, until, version })
    },
    forgetSession(id: string) {
      sessions.delete(id)
    },
    size: () => ({ sessions: sessions.size, members: members.size }),
  }
}

export type IdentityCache = ReturnType<typeof createIdentityCache>
