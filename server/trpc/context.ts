import type { CurrentUser, RequestMeta } from '../people/auth/identity'
import type { ValidatedSession } from '../people/auth/session'
import type { AppServices } from '../services'

export type ContextInner = {
  services: AppServices
  session: ValidatedSession | null
  user: CurrentUser | null
  request: RequestMeta
}

/**
 * The pure context: tests build it directly, the HTTP and WebSocket adapters wrap it. Object.assign,
 * not a spread: once the spread has seen contexts of several shapes (HTTP ones with a member, WebSocket
 * ones without), V8 gives each result a hidden class of its own, about 800 bytes kept by every open socket.
 */
export function createContextInner(input: ContextInner): ContextInner & AppServices {
  return Object.assign({}, input.services, input)
}
export type Context = ReturnType<typeof createContextInner>

/** Inside a procedure of tier 'session' or above: a live session and the member behind it. */
export type SignedInCtx = Context & { user: CurrentUser; session: ValidatedSession }
/** Inside an 'approved' procedure (and staff tiers): the same shape, the member's approval checked. */
export type ApprovedCtx = SignedInCtx
