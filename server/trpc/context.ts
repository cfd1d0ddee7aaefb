import type { CurrentUser } from '../auth/identity'
import type { ValidatedSession } from '../auth/session'
import type { AppServices } from '../services'

export type RequestMeta = {
  /** HTTP calls only: the request's id (X-Request-Id), logged with any failure it causes. */
  requestId?: string
  ip: string | null
  userAgent: string | null
  /** The request's Cookie header (the known-device cookie of sign-in lives there). */
  cookieHeader?: string
  /** Sets a cookie on the response; absent on WebSocket calls. */
  setCookie?: (serialized: string) => void
  /**
   * WebSocket calls only: the session token of the upgrade. A connection outlives the moment it was
   * opened, so each call re-checks the session (it may have ended) and the user (they may have been approved).
   */
  sessionToken?: string | null
  /**
   * WebSocket calls only: open subscriptions of this connection, to cap them, and (`all`) of every
   * connection of the process, for the metrics.
   */
  subscriptions?: { active: number; all?: { active: number } }
}

export type ContextInner = {
  services: AppServices
  session: ValidatedSession | null
  user: CurrentUser | null
  request: RequestMeta
}

/** The pure context: tests build it directly, the HTTP and WebSocket adapters wrap it. */
export function createContextInner(input: ContextInner): ContextInner & AppServices {
  return { ...input.services, ...input }
}
export type Context = ReturnType<typeof createContextInner>

/** Inside a procedure of tier 'session' or above: a live session and the member behind it. */
export type SignedInCtx = Context & { user: CurrentUser; session: ValidatedSession }
/** Inside an 'approved' procedure (and staff tiers): the same shape, the member's approval checked. */
export type ApprovedCtx = SignedInCtx
