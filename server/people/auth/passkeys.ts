/** Signing in with a passkey (WebAuthn), and the challenges both signing in and registering spend. */
import {
  generateAuthenticationOptions,
  type VerifiedAuthenticationResponse,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server'
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers'
import { stringifySetCookie } from 'cookie'
import { and, desc, eq, isNull, lte, notInArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { authenticationResponseSchema } from '../../../shared/schemas/passkeys'
import type { Database } from '../../db/client'
import { passkeyChallenges, passkeys, users } from '../../db/schema'
import { AppError, appError } from '../../errors'
import { assertNotBlocked, consumeAll, consumeEscalating } from '../../rate-limits'
import { cookiesOf } from './cookies'
import { clientKey, type RequestScope } from './identity'
import { serializeDeviceCookie } from './known-device'
import { startSession } from './sign-in'
import { generateToken, hashToken } from './tokens'

/** How long a challenge may wait for its answer: the browser's prompt gets the same time. */
export const PASSKEY_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000
/** Challenges one browser (or session) may have waiting at once: a few open tabs. */
const LIVE_CHALLENGES_PER_OWNER = 5

/**
 * The relying party is the site of PUBLIC_URL: its host is the id passkeys are bound to and its origin
 * the only one accepted. A community's prefix is a path on that site, so it changes neither.
 */
export function relyingParty(publicUrl: string) {
  const url = new URL(publicUrl)
  return { id: url.hostname, origin: url.origin, name: 'Vupt' }
}

/** What an authenticator's answer must match: this challenge, this site, and the person verified on the device. */
export function expectedAnswer(publicUrl: string, challenge: string) {
  const rp = relyingParty(publicUrl)
  return {
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }
}

/** The browser that asked for a sign-in challenge is told apart by this cookie (it has no session yet). */
export const PASSKEY_COOKIE = 'vupt_passkey'

function serializePasskeyCookie(token: string, secure: boolean): string {
  return stringifySetCookie({
    name: PASSKEY_COOKIE,
    value: token,
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    maxAge: PASSKEY_CHALLENGE_LIFETIME_MS / 1000,
    secure,
  })
}

const TOKEN_SHAPE = /^[a-z2-7]{32}$/

function passkeyCookieToken(cookieHeader: string | undefined): string | null {
  const token = cookieHeader ? cookiesOf(cookieHeader)[PASSKEY_COOKIE] : undefined
  return token && TOKEN_SHAPE.test(token) ? token : null
}

type ChallengeOwner = { sessionId: string } | { holder: string }

const ownedBy = (owner: ChallengeOwner) =>
  'sessionId' in owner
    ? eq(passkeyChallenges.sessionId, owner.sessionId)
    : eq(passkeyChallenges.holder, owner.holder)

/**
 * Keeps a new challenge for its owner. Expired ones go first, and an owner keeps only its newest few,
 * so neither a forgotten tab nor a loop grows the table.
 */
export function storeChallenge(
  db: Database,
  row: { challenge: string; purpose: 'register' | 'sign_in'; owner: ChallengeOwner; userHandle?: string },
): void {
  const now = Date.now()
  db.transaction((tx) => {
    tx.delete(passkeyChallenges)
      .where(lte(passkeyChallenges.expiresAt, new Date(now)))
      .run()
    tx.insert(passkeyChallenges)
      .values({
        challenge: row.challenge,
        purpose: row.purpose,
        sessionId: 'sessionId' in row.owner ? row.owner.sessionId : null,
        holder: 'holder' in row.owner ? row.owner.holder : null,
        userHandle: row.userHandle ?? null,
        expiresAt: new Date(now + PASSKEY_CHALLENGE_LIFETIME_MS),
        createdAt: new Date(now),
      })
      .run()
    const newest = tx
      .select({ challenge: passkeyChallenges.challenge })
      .from(passkeyChallenges)
      .where(ownedBy(row.owner))
      .orderBy(desc(passkeyChallenges.createdAt))
      .limit(LIVE_CHALLENGES_PER_OWNER)
      .all()
      .map((kept) => kept.challenge)
    tx.delete(passkeyChallenges)
      .where(and(ownedBy(row.owner), notInArray(passkeyChallenges.challenge, newest)))
      .run()
  })
}

/** The challenge the browser signed, read from its client data; a malformed one is refused. */
export function challengeOf(clientDataJSON: string): string {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge
    if (typeof challenge === 'string' && challenge.length > 0) return challenge
  } catch {
    // Not base64url JSON: refused below like any answer that is not one.
  }
  throw appError('PASSKEY_INVALID')
}

/**
 * Spends a challenge: it is removed by its first answer, right or wrong, and only its owner may spend
 * it. Refuses one that is unknown, already spent, someone else's or of another purpose, and one that
 * waited too long.
 */
export function spendChallenge(
  db: Database,
  challenge: string,
  purpose: 'register' | 'sign_in',
  owner: ChallengeOwner,
): { userHandle: string | null } {
  const row = db
    .delete(passkeyChallenges)
    .where(
      and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.purpose, purpose), ownedBy(owner)),
    )
    .returning({ expiresAt: passkeyChallenges.expiresAt, userHandle: passkeyChallenges.userHandle })
    .get()
  if (!row) throw appError('PASSKEY_CHALLENGE_INVALID')
  if (row.expiresAt.getTime() <= Date.now()) throw appError('PASSKEY_CHALLENGE_EXPIRED')
  return { userHandle: row.userHandle }
}

/**
 * Options for `navigator.credentials.get`, for the sign-in button or the browser's autofill. No
 * account is named: the passkey the person picks says whose it is. The challenge is kept for this
 * browser, by a cookie it gets now (or already had).
 */
export async function passkeySignInOptions(scope: RequestScope) {
  const { db, rateLimits, request } = scope
  await assertNotBlocked(rateLimits.signInFailuresByIp, clientKey(request))
  await consumeAll([[rateLimits.passkeyChallengesByIp, clientKey(request)]])
  const token = passkeyCookieToken(request.cookieHeader) ?? generateToken()
  const rp = relyingParty(scope.publicUrl)
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
  })
  storeChallenge(db, {
    challenge: options.challenge,
    purpose: 'sign_in',
    owner: { holder: hashToken(token) },
  })
  request.setCookie?.(serializePasskeyCookie(token, scope.secureCookies))
  return options
}

type AuthenticationResponse = z.output<typeof authenticationResponseSchema>

/**
 * Signs in with a passkey: its signature over this browser's challenge, with the device's own check
 * of the person (PIN, fingerprint, face). That is both factors, so the session never owes a code and
 * may use the admin area. Counted like password attempts: every try from the address, and failures
 * towards its escalating block.
 */
export async function signInWithPasskey(scope: RequestScope, response: AuthenticationResponse) {
  const { db, rateLimits, request } = scope
  const ip = clientKey(request)
  await assertNotBlocked(rateLimits.signInFailuresByIp, ip)
  await consumeAll([[rateLimits.signInByIp, ip]])
  const failed = async (code: 'PASSKEY_INVALID' | 'PASSKEY_NOT_RECOGNIZED' | 'PASSKEY_CHALLENGE_INVALID') => {
    await consumeEscalating(rateLimits.signInFailuresByIp, rateLimits.signInStrikesByIp, ip)
    return appError(code)
  }

  const token = passkeyCookieToken(request.cookieHeader)
  if (!token) throw await failed('PASSKEY_CHALLENGE_INVALID')
  const challenge = challengeOf(response.response.clientDataJSON)
  try {
    spendChallenge(db, challenge, 'sign_in', { holder: hashToken(token) })
  } catch (error) {
    // A replayed or foreign challenge is an attempt like a wrong password; a late answer is not.
    if (error instanceof AppError && error.appCode === 'PASSKEY_CHALLENGE_INVALID') {
      throw await failed('PASSKEY_CHALLENGE_INVALID')
    }
    throw error
  }

  const stored = db
    .select({
      id: passkeys.id,
      userId: passkeys.userId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
      userHandle: passkeys.userHandle,
      email: users.email,
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, response.id), isNull(users.deletedAt)))
    .get()
  // A passkey removed from the account (or of a deleted one) may still be offered by the device.
  if (!stored) throw await failed('PASSKEY_NOT_RECOGNIZED')
  if (response.response.userHandle !== undefined && response.response.userHandle !== stored.userHandle) {
    throw await failed('PASSKEY_INVALID')
  }

  let verification: VerifiedAuthenticationResponse
  try {
    verification = await verifyAuthenticationResponse({
      response,
      ...expectedAnswer(scope.publicUrl, challenge),
      credential: {
        id: response.id,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports,
      },
    })
  } catch {
    // A bad signature, another site's answer, no user verification, or a counter that went back.
    throw await failed('PASSKEY_INVALID')
  }
  if (!verification.verified) throw await failed('PASSKEY_INVALID')

  const info = verification.authenticationInfo
  db.update(passkeys)
    .set({
      counter: info.newCounter,
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      lastUsedAt: new Date(),
    })
    .where(eq(passkeys.id, stored.id))
    .run()
  startSession(scope, stored.userId, { secondFactor: true })
  // As after a right password: this browser's own attempts at the account count apart (known-device.ts).
  request.setCookie?.(serializeDeviceCookie(scope.secrets, stored.email, scope.secureCookies))
  return { ok: true as const }
}
