import { decodeIdToken, Google, generateCodeVerifier, generateState } from 'arctic'
import { parseCookie, stringifySetCookie } from 'cookie'
import type { Express, Request, Response } from 'express'
import { routes } from '../../shared/routes'
import {
  findOrCreateGoogleUser,
  type GoogleClaims,
  linkOrReauthenticate,
  openGoogleSession,
  recentlyAuthenticated,
  safeReturnPath,
} from '../people/auth/google'
import { resolveSession } from '../people/auth/identity'
import { serializeSessionCookie } from '../people/auth/session'
import type { AppServices } from '../services'
import { communityPrefixOf } from './community-prefix'

const FLOW_COOKIE = 'vupt_google_flow'
const FLOW_MAX_AGE_S = 10 * 60

function authPageWithError(community: string | undefined): string {
  const prefix = community ? `/${encodeURIComponent(community)}` : ''
  return `${prefix}${routes.auth({ erro: 'google' })}`
}

/** Google sign-in with PKCE (arctic). Accepts only verified addresses of a live community's domain. */
export function mountGoogleAuth(
  app: Express,
  services: AppServices,
  credentials?: { id: string; secret: string },
) {
  // Google returns the browser to the prefix it left from, so a community's own machine finishes the
  // sign-in; each prefix in use is one more redirect address to register with Google.
  const clients = new Map<string, Google>()
  const googleFor = (prefix: string) => {
    if (!credentials) return null
    let client = clients.get(prefix)
    if (!client) {
      const callback = `${services.publicUrl}${prefix}/auth/google/callback`
      client = new Google(credentials.id, credentials.secret, callback)
      clients.set(prefix, client)
    }
    return client
  }
  const flowCookiePath = (res: Response) => `${communityPrefixOf(res)}/auth/google`

  app.get('/auth/google', (req: Request, res: Response) => {
    const community = typeof req.query.community === 'string' ? req.query.community : undefined
    const google = googleFor(communityPrefixOf(res))
    if (!google) {
      res.redirect(302, authPageWithError(community))
      return
    }
    const state = generateState()
    const codeVerifier = generateCodeVerifier()
    const url = google.createAuthorizationURL(state, codeVerifier, ['openid', 'email', 'profile'])
    // 'link' adds Google to the signed-in account; 'reauth' proves the person again for a sensitive change.
    const mode = req.query.mode === 'link' || req.query.mode === 'reauth' ? req.query.mode : 'signin'
    if (mode === 'link') {
      const { session, user } = resolveSession(services, req)
      if (!session || !user || !recentlyAuthenticated(session)) {
        const from = safeReturnPath(req.query.from)
        res.redirect(302, `${from}${from.includes('?') ? '&' : '?'}google=reautenticar`)
        return
      }
    }
    const flow = JSON.stringify({
      state,
      codeVerifier,
      from: safeReturnPath(req.query.from),
      community,
      mode,
    })
    res.append(
      'Set-Cookie',
      stringifySetCookie({
        name: FLOW_COOKIE,
        value: flow,
        httpOnly: true,
        sameSite: 'lax',
        path: flowCookiePath(res),
        maxAge: FLOW_MAX_AGE_S,
        secure: services.secureCookies,
      }),
    )
    res.redirect(302, url.toString())
  })

  app.get('/auth/google/callback', async (req: Request, res: Response) => {
    const raw = parseCookie(req.headers.cookie ?? '')[FLOW_COOKIE]
    res.append(
      'Set-Cookie',
      stringifySetCookie({
        name: FLOW_COOKIE,
        value: '',
        path: flowCookiePath(res),
        maxAge: 0,
        httpOnly: true,
      }),
    )
    const google = googleFor(communityPrefixOf(res))
    let flow: {
      state: string
      codeVerifier: string
      from: string
      community?: string
      mode?: 'signin' | 'link' | 'reauth'
    } | null = null
    try {
      flow = raw ? JSON.parse(raw) : null
    } catch {
      flow = null
    }
    const { code, state } = req.query
    if (!google || !flow || typeof code !== 'string' || state !== flow.state) {
      res.redirect(302, authPageWithError(flow?.community))
      return
    }
    try {
      const tokens = await google.validateAuthorizationCode(code, flow.codeVerifier)
      const claims = decodeIdToken(tokens.idToken()) as GoogleClaims
      if (flow.mode === 'link' || flow.mode === 'reauth') {
        const outcome = await linkOrReauthenticate(services, req, claims, flow.mode)
        res.redirect(302, `${flow.from}${flow.from.includes('?') ? '&' : '?'}google=${outcome}`)
        return
      }
      const userId = await findOrCreateGoogleUser(services, claims)
      if (!userId) {
        res.redirect(302, authPageWithError(flow.community))
        return
      }
      const { session, twoFactorPending } = openGoogleSession(services, userId, {
        userAgent: req.headers['user-agent'] ?? null,
        ip: req.ip ?? null,
      })
      res.append(
        'Set-Cookie',
        serializeSessionCookie(session.token, session.expiresAt, services.secureCookies),
      )
      // With two-factor on, the sign-in page asks for the code, then goes on to `from`.
      const prefix = flow.community ? `/${encodeURIComponent(flow.community)}` : ''
      res.redirect(302, twoFactorPending ? `${prefix}${routes.auth({ from: flow.from })}` : flow.from)
    } catch (error) {
      services.logger.warn({ err: error }, 'falha no login com Google')
      res.redirect(302, authPageWithError(flow.community))
    }
  })
}
