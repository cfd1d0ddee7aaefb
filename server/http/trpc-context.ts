import type { Request, Response } from 'express'
import { requestIp, resolveSession } from '../people/auth/identity'
import { serializeBlankSessionCookie } from '../people/auth/session'
import type { AppServices } from '../services'
import { createContextInner } from '../trpc/context'
import { prefixCommunityOf } from './community-prefix'

/** The tRPC context of an HTTP request: its session and member, for the API and for rendered pages. */
export function requestContext(services: AppServices, req: Request, res: Response) {
  const setCookie = (serialized: string) => {
    res.append('Set-Cookie', serialized)
    // Signing this browser out (the session cookie blanked) leaves nothing of the member in it: campus
    // computers are shared. Other cookies (the known device of sign-in, Libras) stay.
    if (serialized === serializeBlankSessionCookie(services.secureCookies)) {
      res.set('Clear-Site-Data', '"cache", "storage"')
    }
  }
  return createContextInner({
    services,
    ...resolveSession(services, req, setCookie),
    request: {
      requestId: res.locals.requestId as string,
      ip: requestIp(req),
      userAgent: req.headers['user-agent'] ?? null,
      cookieHeader: req.headers.cookie,
      setCookie,
      community: prefixCommunityOf(res),
    },
  })
}
