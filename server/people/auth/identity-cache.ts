import type Sqlite from 'better-sqlite3'
import { LRUCache } from 'lru-cache'
import { dataVersionOf } from '../../db/data-version'
import type { CurrentUser, Identity } from './identity'

/** Sessions, and members, remembered at most: past it the least recently used go. */
export const IDENTITIES_REMEMBERED_MAX = 10_000

type Kept<T> = { value: T; until: number }

export type IdentityCacheOptions = {
  sqlite: Sqlite.Database
  /** Sessions remembered at most, and as many members. */
  max?: number
  now?: () => number
}

/**
 * Identities already resolved (a session with its member, by the session's id; a member, by id), kept
 * while the database stays as it was. Any write that counts (by this process or another on the same
 * file, see data-version.ts) forgets them all: a sign-out, a session revoked, rotated or renewed, a new
 * password, a suspension, a change of roles, approval, community or profile, a deleted account is seen
 * on the next request, on every instance. Each entry also holds only until its own moment: a session
 * until resolving it again would write something (`identityQuietUntil`), a member until a suspension in
 * force ends.
 */
export function createIdentityCache({
  sqlite,
  max = IDENTITIES_REMEMBERED_MAX,
  now = () => Date.now(),
}: IdentityCacheOptions) {
  const dataVersion = dataVersionOf(sqlite)
  const sessions = new LRUCache<string, Kept<Identity>>({ max })
  const members = new LRUCache<number, Kept<CurrentUser | null>>({ max })
  let version = ''

  /** The version everything kept belongs to; a write since forgets it all first. */
  function currentVersion(): string {
    const current = dataVersion()
    if (current !== version) {
      clear()
      version = current
    }
    return current
  }

  function clear() {
    sessions.clear()
    members.clear()
  }

  const fresh = <T>(kept: Kept<T> | undefined): kept is Kept<T> => kept !== undefined && now() < kept.until

  return {
    currentVersion,
    clear,
    session(id: string): Identity | undefined {
      currentVersion()
      const kept = sessions.get(id)
      return fresh(kept) ? kept.value : undefined
    },
    /** Kept only if nothing was written since `readAt` (the version when its reading began). */
    keepSession(id: string, identity: Identity, until: number, readAt: string) {
      if (currentVersion() === readAt && until > now()) sessions.set(id, { value: identity, until })
    },
    member(userId: number): CurrentUser | null | undefined {
      currentVersion()
      const kept = members.get(userId)
      return fresh(kept) ? kept.value : undefined
    },
    keepMember(userId: number, user: CurrentUser | null, until: number) {
      members.set(userId, { value: user, until })
    },
    forgetSession(id: string) {
      sessions.delete(id)
    },
    size: () => ({ sessions: sessions.size, members: members.size }),
  }
}

export type IdentityCache = ReturnType<typeof createIdentityCache>
