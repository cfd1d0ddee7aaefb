import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import { PUSH_KIND_OF } from '../../shared/push'
import { routes } from '../../shared/routes'
import {
  EMAIL_KINDS,
  type EmailKind,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationKind,
} from '../../shared/safety'
import { unreadCount } from '../chat/conversations'
import { memberLinkCommunity, memberUrl } from '../communities/links'
import type { Database } from '../db/client'
import { valuesWhere } from '../db/rows'
import { emailOptOuts, notificationEmails, notifications, users } from '../db/schema'
import type { AppServices } from '../services'
import { notificationMail } from './mail'
import { unsubscribeUrl } from './unsubscribe'

type NoticeBase = {
  userId: number
  title: string
  body?: string | null
  /** Client route, relative to the community (e.g. /meus-produtos). */
  link?: string | null
  /** How the push (when the member has it on for this kind) differs from the notice itself. */
  push?: {
    /** Lock-screen text with "Mostrar prévia" on; the body otherwise. */
    preview?: string
    /** Replaces an earlier notification with the same tag on the device; the kind and link otherwise. */
    tag?: string
    /** Web Push `Topic`: undelivered pushes with the same one collapse into the newest. */
    topic?: string
    /** A chat message: pushed only while no page of the member has this conversation open. */
    conversationId?: number
  }
}

/** A chat message: the inbox and its badge count it, so no row in the bell; it may still push. */
export type ChatNoticeInput = NoticeBase & { kind: 'chat_message' }

export type NotificationInput = NoticeBase & {
  kind: NotificationKind
  /** Unread notifications with the same key are merged into one, counting up. */
  groupKey?: string
  /**
   * Also sent by e-mail, unless the member turned this kind off. `about` names what it concerns (a
   * listing, a wanted post…): one e-mail a day per kind and subject at most, however often it recurs.
   */
  email?: { kind: EmailKind; about: string }
}

type NotifyServices = Pick<
  AppServices,
  'db' | 'bus' | 'mailer' | 'logger' | 'publicUrl' | 'secrets' | 'defaultCommunitySlug' | 'push'
>

/**
 * The single way a member is told of something: records the in-app notification, tells the member's
 * open pages, mails it when asked and allowed, and pushes it to their devices when they have push on
 * for this kind. Called after the change it describes is committed; the push leaves off the request.
 */
export function notify(services: NotifyServices, input: NotificationInput | ChatNoticeInput): void {
  if (input.kind !== 'chat_message') record(services, input)
  pushNotice(services, input)
}

function record(services: NotifyServices, input: NotificationInput) {
  const { db, bus } = services
  const merged = input.groupKey
    ? db
        .update(notifications)
        .set({ count: sql`${notifications.count} + 1`, title: input.title, body: input.body ?? null })
        .where(
          and(
            eq(notifications.userId, input.userId),
            eq(notifications.groupKey, input.groupKey),
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id })
        .get()
    : undefined
  if (!merged) {
    db.insert(notifications)
      .values({
        userId: input.userId,
        kind: input.kind,
        title: input.title,
        body: input.body ?? null,
        link: input.link ?? null,
        groupKey: input.groupKey ?? null,
      })
      .run()
  }
  bus.publish('notifications', input.userId, { userId: input.userId })
  if (input.email) sendNotificationMail(services, input, input.email.kind, input.email.about)
}

const WITHOUT_PREVIEW = 'Toque para ver no Vupt.'

function pushNotice(services: NotifyServices, input: NotificationInput | ChatNoticeInput) {
  const { push, db } = services
  if (!push) return
  const link = input.link ?? routes.portal()
  const kind = input.kind === 'chat_message' ? 'chat_message' : PUSH_KIND_OF[input.kind]
  push.send(input.userId, {
    kind,
    title: input.title,
    preview: input.push?.preview ?? input.body ?? null,
    withoutPreview: WITHOUT_PREVIEW,
    url: `/${memberLinkCommunity(services, input.userId)}${link}`,
    tag: input.push?.tag ?? `${input.kind}:${link}`,
    topic: input.push?.topic,
    conversationId: input.push?.conversationId,
    badge: () => unreadNotifications(db, input.userId) + unreadCount(db, input.userId),
  })
}

/** Minha Conta: each e-mail kind and whether the member receives it (every kind not turned off). */
export function emailPreferences(db: Database, userId: number) {
  const off = new Set(valuesWhere(db, emailOptOuts, 'userId', userId, 'kind'))
  return EMAIL_KINDS.map((kind) => ({ kind, enabled: !off.has(kind) }))
}

export function emailAllowed(db: Database, userId: number, kind: EmailKind): boolean {
  return (
    db
      .select({ kind: emailOptOuts.kind })
      .from(emailOptOuts)
      .where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.kind, kind)))
      .get() === undefined
  )
}

function sendNotificationMail(
  services: NotifyServices,
  input: NotificationInput,
  kind: EmailKind,
  about: string,
) {
  const { db, mailer, logger } = services
  if (!emailAllowed(db, input.userId, kind)) return
  const to = db
    .select({ email: users.email })
    .from(users)
    // Only a proven mailbox: an address someone typed at sign-up may belong to another person.
    .where(and(eq(users.id, input.userId), isNull(users.deletedAt), isNotNull(users.emailVerifiedAt)))
    .get()?.email
  if (!to || !firstMailOfTheDay(db, input.userId, `${kind}:${about}`)) return
  const mail = notificationMail({
    to,
    subject: input.title,
    paragraphs: input.body ? [input.body] : [],
    action: input.link
      ? { label: 'Abrir no Vupt', url: memberUrl(services, input.userId, input.link) }
      : undefined,
    unsubscribe: unsubscribeUrl(services, input.userId, kind),
  })
  // The action already happened; a mail server that is down must not undo it.
  mailer.send(mail).catch((error: unknown) => logger.error({ err: error, kind }, 'falha ao enviar e-mail'))
}

const MAIL_BOUND_MS = 24 * 60 * 60 * 1000

/**
 * Claims today's e-mail about `subject` for the member: true for the first claim in a day. A seller
 * dropping a price again and again, or a flood of matching listings, must not fill someone's mailbox;
 * the in-app notice still tells them each time. Kept in the database, so every instance shares it.
 */
function firstMailOfTheDay(db: Database, userId: number, subject: string): boolean {
  const now = new Date()
  // The member's claims older than a day are spent: dropping them frees this subject and keeps the table small.
  db.delete(notificationEmails)
    .where(
      and(
        eq(notificationEmails.userId, userId),
        lt(notificationEmails.sentAt, new Date(now.getTime() - MAIL_BOUND_MS)),
      ),
    )
    .run()
  return (
    db.insert(notificationEmails).values({ userId, subject, sentAt: now }).onConflictDoNothing().run()
      .changes > 0
  )
}

/** The notification centre, newest first; `before` pages back. */
export function listNotifications(db: Database, userId: number, before?: number | null) {
  const rows = db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      count: notifications.count,
      read: sql<boolean>`${notifications.readAt} is not null`.mapWith(Boolean),
      updatedAt: notifications.updatedAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), before ? lt(notifications.id, before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1)
    .all()
  const items = rows.slice(0, NOTIFICATIONS_PAGE_SIZE)
  return { items, nextBefore: rows.length > NOTIFICATIONS_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null }
}

export function unreadNotifications(db: Database, userId: number): number {
  return (
    db
      .select({ total: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .get()?.total ?? 0
  )
}

/** Marks the given notifications (or all) as read; only the member's own. */
export function markNotificationsRead(db: Database, userId: number, ids?: number[]): number {
  return db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id })
    .all().length
}
