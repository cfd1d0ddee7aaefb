import { and, eq, inArray, or } from 'drizzle-orm'
import { type ChatPhoto, type ChatPhotoRendition, chatPhotoPath } from '../../shared/chat'
import type { Database } from '../db/client'
import { conversations, messagePhotos, messages, uploads } from '../db/schema'
import type { CurrentUser } from '../people/auth/identity'
import { type AttachedImage, attachUploads, type DbOrTransaction, releaseUploads } from '../uploads/attach'
import type { ImageStorage } from '../uploads/storage'

/** The photos of each message, in the sender's order. */
export function photosOf(db: DbOrTransaction, messageIds: readonly number[]): Map<number, ChatPhoto[]> {
  const byMessage = new Map<number, ChatPhoto[]>()
  if (messageIds.length === 0) return byMessage
  const rows = db
    .select({
      messageId: messagePhotos.messageId,
      uploadId: messagePhotos.uploadId,
      width: messagePhotos.width,
      height: messagePhotos.height,
    })
    .from(messagePhotos)
    .where(inArray(messagePhotos.messageId, [...new Set(messageIds)]))
    .orderBy(messagePhotos.messageId, messagePhotos.position)
    .all()
  for (const row of rows) {
    const photo = {
      id: row.uploadId,
      cardUrl: chatPhotoPath(row.uploadId, 'card'),
      fullUrl: chatPhotoPath(row.uploadId, 'full'),
      width: row.width,
      height: row.height,
    }
    byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), photo])
  }
  return byMessage
}

/** Adds each message's photos (an empty list for text-only messages). */
export function withPhotos<T extends { id: number }>(
  db: Database,
  rows: T[],
): (T & { photos: ChatPhoto[] })[] {
  const photos = photosOf(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({ ...row, photos: photos.get(row.id) ?? [] }))
}

/**
 * Inside the transaction that stores the message: the sender's own chat uploads become its photos.
 * Ids of someone else, of another kind or unknown refuse the whole message (attachUploads).
 */
export function attachChatPhotos(
  tx: DbOrTransaction,
  storage: ImageStorage,
  senderId: number,
  messageId: number,
  uploadIds: readonly string[],
): ChatPhoto[] {
  const attached: AttachedImage[] = attachUploads(tx, storage, senderId, uploadIds, 'chat')
  if (attached.length === 0) return []
  tx.insert(messagePhotos)
    .values(
      attached.map((photo, position) => ({
        messageId,
        uploadId: photo.id,
        position,
        width: photo.width,
        height: photo.height,
      })),
    )
    .run()
  return attached.map(({ id, cardUrl, fullUrl, width, height }) => ({ id, cardUrl, fullUrl, width, height }))
}

/**
 * The stored file behind a chat photo URL, for a member allowed to see it: one of the two members of
 * a conversation (of the member's own community) where it was sent, or the person who uploaded it
 * (the preview before sending). Anyone else gets null, as for a photo that does not exist.
 */
export function chatPhotoKeyFor(
  db: Database,
  viewer: Pick<CurrentUser, 'id' | 'communityId'>,
  uploadId: string,
  rendition: ChatPhotoRendition,
): string | null {
  const upload = db
    .select({ ownerId: uploads.ownerId, cardKey: uploads.cardKey, fullKey: uploads.fullKey })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.kind, 'chat')))
    .get()
  if (!upload) return null
  const key = rendition === 'card' ? upload.cardKey : upload.fullKey
  if (upload.ownerId === viewer.id) return key
  if (viewer.communityId === null) return null
  const shared = db
    .select({ id: messagePhotos.id })
    .from(messagePhotos)
    .innerJoin(messages, eq(messages.id, messagePhotos.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messagePhotos.uploadId, uploadId),
        eq(conversations.communityId, viewer.communityId),
        or(eq(conversations.participantOne, viewer.id), eq(conversations.participantTwo, viewer.id)),
      ),
    )
    .limit(1)
    .get()
  return shared ? key : null
}

/**
 * A deleted account's chat photos leave the conversations (the text stays, anonymised): a photo says
 * far more about a person than a line of text. The uploads go back to the orphan sweep.
 */
export function removeChatPhotosOf(tx: DbOrTransaction, userId: number): void {
  const sent = tx
    .select({ id: messagePhotos.id, uploadId: messagePhotos.uploadId })
    .from(messagePhotos)
    .innerJoin(messages, eq(messages.id, messagePhotos.messageId))
    .where(eq(messages.senderId, userId))
    .all()
  if (sent.length === 0) return
  tx.delete(messagePhotos)
    .where(
      inArray(
        messagePhotos.id,
        sent.map((row) => row.id),
      ),
    )
    .run()
  releaseUploads(
    tx,
    sent.map((row) => row.uploadId),
  )
}
