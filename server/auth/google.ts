import { decodeIdToken, Google, generateCodeVerifier, generateState } from 'arctic'
import { parseCookie, stringifySetCookie } from 'cookie'
import { and, eq } from 'drizzle-orm'
import type { Express, Request, Response } from 'express'
import { REAUTH_WINDOW_MS } from '../../shared/schemas/account'
import { communities, oauthAccounts, users } from '../db/schema'
import { communityPrefixOf } from '../http/community-prefix'
import { googleLinkedNotice } from '../mail/templates'
import type { AppServices } from '../services'
import { createAccount, findUserByEmail } from './accounts'
import { resolveSession } from './identity'
import { proveMailbox } from './mailbox'
import { createSession, markAuthenticated, serializeSessionCookie, type ValidatedSession } from './session'

const FLOW_COOKIE = 'vupt_google_flow'
const FLOW_MAX_AGE_S = 10 * 60

export type GoogleClaims = { sub: string; email?: string; email_verified?: boolean; name?: string }

/** Only same-site paths: an open redirect after sign-in would hand the session page to anyone. */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback
  }
  return value
}

/** Linking a sign-in method is a sensitive change: the password must have been proven just now. */
const recentlyAuthenticated = (session: ValidatedSession) =>
  Date.now() - session.authenticatedAt.getTime() <= REAUTH_WINDOW_MS

function authPageWithError(community: string | undefined): string {
  const prefix = community ? `/${encodeURIComponent(community)}` : ''
  return `${prefix}/auth?erro=google`
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
      const twoFactorPending =
        services.db.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get()?.on !=
        null
      const session = createSession(services.db, userId, {
        userAgent: req.headers['user-agent'] ?? null,
        ip: req.ip ?? null,
        twoFactorPending,
      })
      res.append(
        'Set-Cookie',
        serializeSessionCookie(session.token, session.expiresAt, services.secureCookies),
      )
      // With two-factor on, the sign-in page asks for the code, then goes on to `from`.
      const prefix = flow.community ? `/${encodeURIComponent(flow.community)}` : ''
      res.redirect(302, twoFactorPending ? `${prefix}/auth?from=${encodeURIComponent(flow.from)}` : flow.from)
    } catch (error) {
      services.logger.warn({ err: error }, 'falha no login com Google')
      res.redirect(302, authPageWithError(flow.community))
    }
  })
}

/** Links Google to the signed-in account, or accepts a fresh Google sign-in as reauthentication. */
export async function linkOrReauthenticate(
  services: AppServices,
  req: Request,
  claims: GoogleClaims,
  mode: 'link' | 'reauth',
): Promise<'vinculado' | 'confirmado' | 'reautenticar' | 'erro'> {
  const { session, user } = resolveSession(services, req)
  if (!session || !user?.emailVerified) return 'erro'
  const linked = services.db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, 'google'), eq(oauthAccounts.providerUserId, claims.sub)))
    .get()
  if (mode === 'reauth') {
    if (linked?.userId !== user.id) return 'erro'
    markAuthenticated(services.db, session.id)
    return 'confirmado'
  }
  if (linked) return linked.userId === user.id ? 'vinculado' : 'erro'
  // Checked again on the way back: the window may have closed while the person was at Google.
  if (!recentlyAuthenticated(session)) return 'reautenticar'
  const email = claims.email?.toLowerCase()
  const domain = email?.split('@')[1]
  const community = user.communityId
    ? services.db.select().from(communities).where(eq(communities.id, user.communityId)).get()
    : undefined
  if (!email || claims.email_verified !== true || !community || domain !== community.emailDomain)
    return 'erro'
  services.db
    .insert(oauthAccounts)
    .values({ provider: 'google', providerUserId: claims.sub, userId: user.id, email })
    .run()
  // Linking is not a fresh proof of the person: it needed one. The owner hears of it by e-mail.
  await services.mailer.send(googleLinkedNotice(user.email, email)).catch((error: unknown) => {
    services.logger.error({ err: error, userId: user.id }, 'falha ao avisar do vínculo com o Google')
  })
  return 'vinculado'
}

export async function findOrCreateGoogleUser(
  services: AppServices,
  claims: GoogleClaims,
): Promise<number | null> {
  const { db } = services
  const linked = db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, 'google'), eq(oauthAccounts.providerUserId, claims.sub)))
    .get()
  if (linked) return linked.userId
  if (!claims.email || claims.email_verified !== true) return null
  const email = claims.email.toLowerCase()
  const domain = email.split('@')[1] ?? ''
  const community = db
    .select()
    .from(communities)
    .where(and(eq(communities.emailDomain, domain), eq(communities.active, true)))
    .get()
  if (!community) return null

  const existing = await findUserByEmail(db, email)
  if (existing?.deletedAt) return null
  const userId =
    existing?.id ??
    (await createAccount(db, {
      email,
      fullName: claims.name?.trim() || email.split('@')[0] || 'Estudante',
      communityId: community.id,
      emailVerified: true,
    }))
  // Google proves the mailbox. Whoever signed up with this address without proving it loses the account.
  if (existing && !existing.emailVerifiedAt) {
    proveMailbox(db, existing.id, { passwordHash: null })
    services.logger.warn(
      { userId: existing.id },
      'cadastro não confirmado assumido pelo dono do e-mail (Google)',
    )
  }
  db.insert(oauthAccounts).values({ provider: 'google', providerUserId: claims.sub, userId, email }).run()
  if (existing?.emailVerifiedAt) {
    await services.mailer.send(googleLinkedNotice(email, email)).catch((error: unknown) => {
      services.logger.error({ err: error, userId }, 'falha ao avisar do vínculo com o Google')
    })
  }
  return userId
}
