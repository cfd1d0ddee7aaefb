import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { and, eq } from 'drizzle-orm'
import type { Logger } from 'pino'
import webpush from 'web-push'
import {
  PUSH_ON_BY_DEFAULT,
  PUSH_PREVIEW_OFF_BY_DEFAULT,
  type PushKind,
  type PushPayload,
} from '../../shared/push'
import type { Database } from '../db/client'
import { pushPreferences, pushSubscriptions } from '../db/schema'
import type { RateLimits } from '../rate-limits'
import { type EndpointPolicy, publicOnlyLookup } from './endpoint'
import type { ConversationPresence } from './presence'
import type { VapidKeys } from './vapid'

/** One push as notify() asks for it; what reaches the device is built from it by the member's choices. */
export type PushMessage = {
  kind: PushKind
  title: string
  /** The text shown only with "Mostrar prévia" on. */
  preview: string | null
  /** Shown instead when the member keeps previews off. */
  withoutPreview: string
  /** Absolute path the tap opens. */
  url: string
  tag: string
  /** Pushes with the same topic replace each other while undelivered (the Web Push `Topic` header). */
  topic?: string
  /** A chat message: not pushed while the member has this conversation open on any page. */
  conversationId?: number
  /** Unread count for the app icon; read when the push is built, not when it was asked for. */
  badge: () => number
}

export type PushService = {
  publicKey: string
  presence: ConversationPresence
  policy: EndpointPolicy
  /** Queues the push: never throws, never makes the caller wait. */
  send(userId: number, message: PushMessage): void
  /** Resolves once nothing is being sent or waiting for a retry (tests, shutdown). */
  idle(): Promise<void>
  stop(): void
}

/** Waits before the retries of a send that failed for a reason other than a gone subscription. */
export const PUSH_RETRY_DELAYS_MS = [5_000, 30_000, 120_000] as const

/** What sending to a device needs: where, and its keys. */
const deliveryColumns = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
}

const SEND_TIMEOUT_MS = 10_000
/** How long a push service keeps an undelivered message: a meeting reminder is useless a day later. */
const TTL_SECONDS = 12 * 60 * 60

type Subscription = { id: number; endpoint: string; p256dh: string; auth: string }

/** Whether the member gets this kind by push, and with its text. */
export function pushChoice(db: Database, userId: number, kind: PushKind) {
  const row = db
    .select({ enabled: pushPreferences.enabled, preview: pushPreferences.preview })
    .from(pushPreferences)
    .where(and(eq(pushPreferences.userId, userId), eq(pushPreferences.kind, kind)))
    .get()
  return {
    enabled: row?.enabled ?? PUSH_ON_BY_DEFAULT.has(kind),
    preview: row?.preview ?? !PUSH_PREVIEW_OFF_BY_DEFAULT.has(kind),
  }
}

export function createPushService({
  db,
  logger,
  vapid,
  policy,
  presence,
  rateLimits,
  retryDelaysMs = PUSH_RETRY_DELAYS_MS,
}: {
  db: Database
  logger: Logger
  vapid: VapidKeys
  policy: EndpointPolicy
  presence: ConversationPresence
  rateLimits: Pick<RateLimits, 'pushByUser'>
  retryDelaysMs?: readonly number[]
}): PushService {
  const pending = new Set<Promise<void>>()
  /** Retries waiting, each with what settles it for idle(). */
  const timers = new Map<NodeJS.Timeout, () => void>()
  let stopped = false

  const track = (work: Promise<void>) => {
    pending.add(work)
    void work.finally(() => pending.delete(work))
  }

  /** Posts one encrypted push; resolves with the push service's status, or rejects on a network failure. */
  function post(subscription: Subscription, payload: string, topic: string | undefined): Promise<number> {
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: vapid,
        TTL: TTL_SECONDS,
        urgency: 'high',
        ...(topic ? { topic } : {}),
      },
    )
    const url = new URL(details.endpoint)
    const allowed = policy.allowedOrigins.has(url.origin)
    const request = url.protocol === 'http:' ? httpRequest : httpsRequest
    return new Promise((resolve, reject) => {
      const outgoing = request(
        url,
        {
          method: details.method,
          headers: details.headers as Record<string, string | number>,
          timeout: SEND_TIMEOUT_MS,
          // The address is checked again at each connection: a name may have been pointed inward since.
          ...(allowed ? {} : { lookup: publicOnlyLookup as never }),
        },
        (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
          response.on('error', reject)
        },
      )
      outgoing.on('timeout', () => outgoing.destroy(new Error('tempo esgotado')))
      outgoing.on('error', reject)
      outgoing.end(details.body ?? undefined)
    })
  }

  async function deliver(
    userId: number,
    subscription: Subscription,
    payload: string,
    topic?: string,
    attempt = 0,
  ) {
    let failure: string
    try {
      const status = await post(subscription, payload, topic)
      if (status >= 200 && status < 300) return
      if (status === 404 || status === 410) {
        // The browser unsubscribed or the subscription expired: it will never take a push again.
        db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id)).run()
        logger.info({ userId, subscriptionId: subscription.id, status }, 'inscrição de notificação removida')
        return
      }
      failure = `status ${status}`
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EPUSHADDRESS') {
        logger.warn({ userId, subscriptionId: subscription.id }, 'notificação recusada: endereço não público')
        return
      }
      failure = (error as Error).message
    }
    const delay = retryDelaysMs[attempt]
    if (delay === undefined || stopped) {
      logger.warn({ userId, subscriptionId: subscription.id, failure }, 'notificação não entregue')
      return
    }
    let done: () => void = () => {}
    track(new Promise<void>((resolve) => (done = resolve)))
    const timer = setTimeout(() => {
      timers.delete(timer)
      // Sent only while the subscription still exists: removed meanwhile, nobody wants it.
      const current = db
        .select(deliveryColumns)
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, subscription.id))
        .get()
      const next = current ? deliver(userId, current, payload, topic, attempt + 1) : Promise.resolve()
      next.catch(() => {}).finally(done)
    }, delay)
    timer.unref()
    timers.set(timer, done)
  }

  async function sendNow(userId: number, message: PushMessage) {
    const choice = pushChoice(db, userId, message.kind)
    if (!choice.enabled) return
    const devices = db
      .select(deliveryColumns)
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .all()
    if (devices.length === 0) return
    if (message.conversationId !== undefined && (await presence.isOpen(userId, message.conversationId)))
      return
    try {
      await rateLimits.pushByUser.consume(String(userId))
    } catch {
      logger.info({ userId, kind: message.kind }, 'notificação descartada: limite por minuto')
      return
    }
    const payload: PushPayload = {
      title: message.title,
      body: choice.preview && message.preview ? message.preview : message.withoutPreview,
      url: message.url,
      tag: message.tag,
      badge: message.badge(),
    }
    const json = JSON.stringify(payload)
    await Promise.all(devices.map((device) => deliver(userId, device, json, message.topic)))
  }

  return {
    publicKey: vapid.publicKey,
    presence,
    policy,
    send(userId, message) {
      if (stopped) return
      // After the caller's commit and off its request: the answer never waits for a push service.
      track(
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => sendNow(userId, message))
          .catch((error: unknown) => logger.error({ err: error, userId }, 'falha ao preparar notificação')),
      )
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },
    stop() {
      stopped = true
      for (const [timer, done] of timers) {
        clearTimeout(timer)
        done()
      }
      timers.clear()
      presence.stop()
    },
  }
}
