import { and, count, eq } from 'drizzle-orm'
import {
  MAX_PUSH_DEVICES,
  PUSH_KINDS,
  PUSH_ON_BY_DEFAULT,
  PUSH_PREVIEW_OFF_BY_DEFAULT,
  type PushDevice,
  type PushKind,
} from '../../shared/push'
import type { PushSubscriptionInput } from '../../shared/schemas/push'
import type { Database } from '../db/client'
import { rowsWhere, rowWhere } from '../db/rows'
import { pushPreferences, pushSubscriptions } from '../db/schema'
import { appError } from '../errors'
import { describeDevice } from '../people/account/security'
import type { MemberScope } from '../people/auth/identity'
import { consumeAll } from '../rate-limits'
import { assertPublicEndpoint, parseEndpoint } from './endpoint'

/** What the page needs to subscribe: the server's VAPID public key; null when push is off here. */
export function pushConfig(scope: Pick<MemberScope, 'push'>) {
  return { publicKey: scope.push?.publicKey ?? null }
}

/**
 * Turns push on for this browser, bound to the current session. The same endpoint again (a browser that
 * subscribed before, perhaps for someone else who used it) moves to this member and session.
 */
export async function subscribeDevice(scope: MemberScope, input: PushSubscriptionInput) {
  const { db, push, user, session, request } = scope
  if (!push) throw appError('PUSH_ENDPOINT_REFUSED')
  const url = parseEndpoint(input.endpoint, push.policy)
  await consumeAll([[scope.rateLimits.pushDevicesByUser, String(user.id)]])
  await assertPublicEndpoint(url, push.policy)
  const values = {
    userId: user.id,
    sessionId: session.id,
    endpoint: url.href,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: describeDevice(request.userAgent),
  }
  return db.transaction((tx) => {
    const existing = rowWhere(tx, pushSubscriptions, 'endpoint', url.href, ['id', 'userId'])
    if (existing?.userId !== user.id) {
      const devices =
        tx
          .select({ total: count() })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, user.id))
          .get()?.total ?? 0
      if (devices >= MAX_PUSH_DEVICES) throw appError('PUSH_TOO_MANY_DEVICES')
    }
    const row = tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...values, createdAt: new Date() },
      })
      .returning({ id: pushSubscriptions.id })
      .get()
    return { id: row.id }
  })
}

/** Minha Conta: the member's devices, the one asking marked. */
export function listDevices(db: Database, userId: number, sessionId: string): PushDevice[] {
  return rowsWhere(
    db,
    pushSubscriptions,
    'userId',
    userId,
    ['id', 'label', 'createdAt', 'sessionId'],
    ['id'],
  ).map((row) => ({
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    current: row.sessionId === sessionId,
  }))
}

/** Stops pushes to one of the member's devices; only their own. */
export function removeDevice(db: Database, userId: number, id: number) {
  const removed = db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .run().changes
  if (removed === 0) throw appError('PUSH_DEVICE_NOT_FOUND')
  return { ok: true as const }
}

/** This browser turned push off (or lost its permission): its subscription, by endpoint, goes. */
export function removeDeviceByEndpoint(db: Database, userId: number, endpoint: string) {
  db.delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .run()
  return { ok: true as const }
}

/** Each push kind with the member's choice, or its default. */
export function pushPreferenceList(db: Database, userId: number) {
  const chosen = new Map(
    db
      .select()
      .from(pushPreferences)
      .where(eq(pushPreferences.userId, userId))
      .all()
      .map((row) => [row.kind, row]),
  )
  return PUSH_KINDS.map((kind) => ({
    kind,
    enabled: chosen.get(kind)?.enabled ?? PUSH_ON_BY_DEFAULT.has(kind),
    preview: chosen.get(kind)?.preview ?? !PUSH_PREVIEW_OFF_BY_DEFAULT.has(kind),
  }))
}

export function setPushPreference(
  db: Database,
  userId: number,
  input: { kind: PushKind; enabled?: boolean; preview?: boolean },
) {
  const current = pushPreferenceList(db, userId).find((row) => row.kind === input.kind)
  const values = {
    userId,
    kind: input.kind,
    enabled: input.enabled ?? current?.enabled ?? false,
    preview: input.preview ?? current?.preview ?? false,
  }
  db.insert(pushPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [pushPreferences.userId, pushPreferences.kind],
      set: { enabled: values.enabled, preview: values.preview },
    })
    .run()
  return { kind: values.kind, enabled: values.enabled, preview: values.preview }
}
