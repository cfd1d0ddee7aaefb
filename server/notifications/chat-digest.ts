import { and, eq, isNull, sql } from 'drizzle-orm'
import { routes } from '../../shared/routes'
import { memberUrl } from '../communities/links'
import { chatDigestCursors, conversations, messages, users } from '../db/schema'
import type { AppServices } from '../services'
import { notificationMail } from './mail'
import { emailAllowed } from './notify'
import { unsubscribeUrl } from './unsubscribe'

const HOUR_MS = 60 * 60 * 1000
/** Messages unread for this long are worth an e-mail. */
export const CHAT_DIGEST_DELAY_MS = HOUR_MS
/** How often the job looks; each member gets at most one digest an hour. */
export const CHAT_DIGEST_INTERVAL_MS = 10 * 60 * 1000

/**
 * The hourly digest: one e-mail to each member with chat messages unread for an hour that no digest
 * mentioned yet. Returns how many e-mails went out. The cursor moves before the send, so a message
 * is mailed at most once even if the mail server fails.
 */
export async function runChatDigest(services: AppServices, now = new Date()): Promise<number> {
  const { db } = services
  const recipient = sql<number>`case when ${conversations.participantOne} = ${messages.senderId}
    then ${conversations.participantTwo} else ${conversations.participantOne} end`
  const pending = db
    .select({ userId: recipient, unread: sql<number>`count(*)`, lastId: sql<number>`max(${messages.id})` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.read, false),
        sql`${messages.senderId} is not null`,
        sql`${messages.createdAt} <= ${now.getTime() - CHAT_DIGEST_DELAY_MS}`,
        sql`${messages.id} > coalesce((select ${chatDigestCursors.lastMessageId} from ${chatDigestCursors}
          where ${chatDigestCursors.userId} = ${recipient}), 0)`,
      ),
    )
    .groupBy(recipient)
    .all()
  let sent = 0
  for (const row of pending) {
    const cursor = db.select().from(chatDigestCursors).where(eq(chatDigestCursors.userId, row.userId)).get()
    if (cursor && now.getTime() - cursor.sentAt.getTime() < HOUR_MS) continue
    const to = db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, row.userId), isNull(users.deletedAt)))
      .get()?.email
    db.insert(chatDigestCursors)
      .values({ userId: row.userId, lastMessageId: row.lastId, sentAt: now })
      .onConflictDoUpdate({
        target: chatDigestCursors.userId,
        set: { lastMessageId: row.lastId, sentAt: now },
      })
      .run()
    if (!to || !emailAllowed(db, row.userId, 'chat_digest')) continue
    const subject =
      row.unread === 1
        ? 'Você tem 1 mensagem não lida no Vupt'
        : `Você tem ${row.unread} mensagens não lidas no Vupt`
    try {
      await services.mailer.send(
        notificationMail({
          to,
          subject,
          paragraphs: ['Alguém está esperando a sua resposta no chat do Vupt.'],
          action: { label: 'Abrir mensagens', url: memberUrl(services, row.userId, routes.chat()) },
          unsubscribe: unsubscribeUrl(services, row.userId, 'chat_digest'),
        }),
      )
      sent += 1
    } catch (error) {
      services.logger.error({ err: error }, 'falha ao enviar o resumo do chat')
    }
  }
  return sent
}
