import type { NextFunction, Request, Response } from 'express'
import type { Database } from '../db/client'

/**
 * What a page reaches on the instance that served it: the API, the WebSocket, photos and Google
 * sign-in. Behind a proxy that sends each community's paths (`/{slug}/…`) to the machine that owns it,
 * a page opened under a prefix asks for all of these under the same prefix, so they reach that machine.
 * E-mails link to the unsubscribe page under the member's community for the same reason.
 */
const INSTANCE_PATH = /^\/([a-z0-9-]{1,50})(\/(?:api|uploads|auth\/google|descadastrar)(?:[/?].*)?)$/

/** Live communities answer under their prefix; any other prefix is left to the 404. */
export function liveCommunityCheck(db: Database): (slug: string) => boolean {
  const statement = db.$client.prepare('select 1 from communities where slug = ? and active = 1')
  return (slug) => statement.get(slug) !== undefined
}

/** `/univille/api/trpc/x?y` → `{ prefix: '/univille', path: '/api/trpc/x?y' }`; null when not prefixed. */
export function splitCommunityPrefix(
  url: string,
  isLive: (slug: string) => boolean,
): { prefix: string; path: string } | null {
  const match = INSTANCE_PATH.exec(url)
  if (!match?.[1] || !match[2] || !isLive(match[1])) return null
  return { prefix: `/${match[1]}`, path: match[2] }
}

/** The prefix the request came under ('' when none), for what must send the browser back under it. */
export const communityPrefixOf = (res: Response): string =>
  typeof res.locals.communityPrefix === 'string' ? res.locals.communityPrefix : ''

/** The community whose prefix the request came under, if any: an e-mail link acts only for its own. */
export const prefixCommunityOf = (res: Response): string | undefined =>
  communityPrefixOf(res).slice(1) || undefined

/** Answers `/{slug}/api/…`, `/{slug}/uploads/…` and `/{slug}/auth/google…` as their unprefixed paths. */
export function stripCommunityPrefix(isLive: (slug: string) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const split = splitCommunityPrefix(req.url, isLive)
    if (split) {
      res.locals.communityPrefix = split.prefix
      req.url = split.path
      req.originalUrl = split.path
    }
    next()
  }
}
