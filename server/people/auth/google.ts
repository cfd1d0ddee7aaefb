import { and, eq } from 'drizzle-orm'
import type { Request } from 'express'
import { REAUTH_WINDOW_MS } from '../../../shared/schemas/account'
import { communities, oauthAccounts, users } from '../../db/schema'
import { googleLinkedNotice } from '../../mail/templates'
import type { AppServices } from '../../services'
import { createAccount, findUserByEmail } from './accounts'
import { resolveSession } from './identity'
import { proveMailbox } from './mailbox'
import { createSession, markAuthenticated, type ValidatedSession } from './session'

export type GoogleClaims = { sub: string; email?: string; email_verified?: boolean; name?: string }

/** Only same-site paths: an open redirect after sign-in would hand the session page to anyone. */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback
  }
  return value
}

/** Linking a sign-in method is a sensitive change: the password must have been proven just now. */
export const recentlyAuthenticated = (session: ValidatedSession) =>
  Date.now() - session.authenticatedAt.getTime() <= REAUTH_WINDOW_MS

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

/** The session a Google sign-in opens; with two-factor on, it still owes the code. */
export function openGoogleSession(
  services: AppServices,
  userId: number,
  client: { userAgent: string | null; ip: string | null },
) {
  const twoFactorPending =
    services.db.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get()?.on != null
  return { session: createSession(services.db, userId, { ...client, twoFactorPending }), twoFactorPending }
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
