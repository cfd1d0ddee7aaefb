/** Minha Conta → Segurança: the account's passkeys, added after the password is confirmed, and removed. */
import {
  generateRegistrationOptions,
  type VerifiedRegistrationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { and, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { PASSKEYS_PER_ACCOUNT, type registrationResponseSchema } from '../../../shared/schemas/passkeys'
import type { Database } from '../../db/client'
import type { Transaction } from '../../db/group-commit'
import { rowsWhere, rowWhere } from '../../db/rows'
import { passkeys } from '../../db/schema'
import { appError } from '../../errors'
import { consumeAll } from '../../rate-limits'
import type { MemberScope } from '../auth/identity'
import {
  challengeOf,
  expectedAnswer,
  PASSKEY_CHALLENGE_LIFETIME_MS,
  relyingParty,
  spendChallenge,
  storeChallenge,
} from '../auth/passkeys'
import { requireRecentAuth } from './reauth'

/** The passkeys as the security page lists them: no key, no credential id. */
export function passkeysOf(db: Database, userId: number) {
  const names = ['id', 'name', 'createdAt', 'lastUsedAt', 'backedUp', 'deviceType'] as const
  return rowsWhere(db, passkeys, 'userId', userId, names, ['createdAt', 'id'], 'desc')
}

function passkeyCount(db: Database | Transaction, userId: number): number {
  return db.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get()?.total ?? 0
}

/**
 * Options for `navigator.credentials.create`, after a recent password. The challenge belongs to this
 * session. The authenticator keeps the passkey (so it can be picked without typing the e-mail) and
 * checks the person (PIN, fingerprint, face): that check is what makes it count as the second factor.
 */
export async function passkeyRegistrationOptions(scope: MemberScope) {
  const { db, user, session } = scope
  requireRecentAuth(scope)
  await consumeAll([[scope.rateLimits.passkeyRegistrationsByUser, String(user.id)]])
  const existing = rowsWhere(db, passkeys, 'userId', user.id, ['credentialId', 'userHandle', 'transports'])
  if (existing.length >= PASSKEYS_PER_ACCOUNT) throw appError('PASSKEY_LIMIT')
  // One handle per account, so a device that already holds a passkey of it replaces that one.
  const userHandle =
    existing[0]?.userHandle ?? isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
  const rp = relyingParty(scope.publicUrl)
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.fullName,
    userID: isoBase64URL.toBuffer(userHandle),
    timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  storeChallenge(db, {
    challenge: options.challenge,
    purpose: 'register',
    owner: { sessionId: session.id },
    userHandle,
  })
  return options
}

type RegistrationResponse = z.output<typeof registrationResponseSchema>

/** Keeps the new passkey once its attestation answers this session's challenge. */
export async function registerPasskey(scope: MemberScope, name: string, response: RegistrationResponse) {
  const { db, user, session } = scope
  const challenge = challengeOf(response.response.clientDataJSON)
  const { userHandle } = spendChallenge(db, challenge, 'register', { sessionId: session.id })
  let verification: VerifiedRegistrationResponse
  try {
    verification = await verifyRegistrationResponse({
      response,
      ...expectedAnswer(scope.publicUrl, challenge),
    })
  } catch {
    throw appError('PASSKEY_INVALID')
  }
  if (!verification.verified || !userHandle) throw appError('PASSKEY_INVALID')
  const info = verification.registrationInfo
  const credentialId = info.credential.id
  const created = db.transaction((tx) => {
    if (passkeyCount(tx, user.id) >= PASSKEYS_PER_ACCOUNT) {
      throw appError('PASSKEY_LIMIT')
    }
    const taken = rowWhere(tx, passkeys, 'credentialId', credentialId, ['id'])
    if (taken) throw appError('PASSKEY_ALREADY_REGISTERED')
    return tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId,
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        userHandle,
        counter: info.credential.counter,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        transports: response.response.transports ?? [],
        name,
      })
      .returning({ id: passkeys.id })
      .get()
  })
  return { id: created.id }
}

/** Removes one of the member's passkeys, after a recent password like adding one. */
export function removePasskey(scope: MemberScope, id: number) {
  requireRecentAuth(scope)
  const removed = scope.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, scope.user.id)))
    .run()
  if (removed.changes === 0) throw appError('PASSKEY_NOT_FOUND')
  return { ok: true as const }
}
