import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { listingImages, messagePhotos, type UploadKind, uploads } from '../db/schema'
import { appError } from '../errors'
import type { ImageStorage } from './storage'
import { uploadUrls } from './urls'

/** The database or the transaction the caller is in. */
export type DbOrTransaction = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

export type AttachedImage = { id: string; cardUrl: string; fullUrl: string; width: number; height: number }

/**
 * Marks the caller's uploads as in use (so the orphan cleanup leaves them alone) and returns them in
 * the order given. Refuses, as a whole, ids that do not exist (or were already cleaned up), belong
 * to someone else, were uploaded for another kind, or repeat. Synchronous: call it inside the
 * transaction that stores the references.
 */
export function attachUploads(
  db: DbOrTransaction,
  storage: ImageStorage,
  ownerId: number,
  ids: readonly string[],
  kind: UploadKind,
): AttachedImage[] {
  if (ids.length === 0) return []
  const invalid = () => appError('INVALID_UPLOAD')
  if (new Set(ids).size !== ids.length) throw invalid()

  const rows = db
    .select()
    .from(uploads)
    .where(inArray(uploads.id, [...ids]))
    .all()
  const byId = new Map(rows.map((row) => [row.id, row]))
  const ordered = ids.map((id) => {
    const row = byId.get(id)
    if (!row || row.ownerId !== ownerId || row.kind !== kind) throw invalid()
    return row
  })

  db.update(uploads)
    .set({ attachedAt: new Date() })
    .where(and(inArray(uploads.id, [...ids]), isNull(uploads.attachedAt)))
    .run()

  return ordered.map((row) => ({
    id: row.id,
    ...uploadUrls(storage, row),
    width: row.width,
    height: row.height,
  }))
}

/** No listing photo and no chat photo points at the upload: what the orphan sweep may take. */
export const unreferenced = (db: DbOrTransaction) =>
  and(
    notExists(db.select({ one: sql`1` }).from(listingImages).where(eq(listingImages.uploadId, uploads.id))),
    notExists(db.select({ one: sql`1` }).from(messagePhotos).where(eq(messagePhotos.uploadId, uploads.id))),
  )

/**
 * Hands uploads that stopped being used (a photo taken out of a listing, a deleted listing, a chat
 * photo of a deleted account) back to the orphan cleanup. Uploads still referenced by a listing or
 * chat photo are kept attached, so call it after the references were removed. Other kinds (avatars, events, banners) keep their reference as a URL:
 * the caller must know the upload is no longer used.
 */
export function releaseUploads(db: DbOrTransaction, ids: readonly string[]): void {
  if (ids.length === 0) return
  db.update(uploads)
    .set({ attachedAt: null })
    .where(and(inArray(uploads.id, [...ids]), unreferenced(db)))
    .run()
}

/**
 * An avatar, event picture or banner that was replaced or removed: hands exactly that upload back to
 * the orphan sweep. By id and kind, never by file name: the same photo uploaded twice (by two admins,
 * or as an avatar and an event picture) is two uploads sharing one file, and only one of them is freed.
 */
export function releaseUpload(
  db: DbOrTransaction,
  uploadId: string | null | undefined,
  kind: Exclude<UploadKind, 'listing'>,
): void {
  if (!uploadId) return
  db.update(uploads)
    .set({ attachedAt: null })
    .where(and(eq(uploads.id, uploadId), eq(uploads.kind, kind)))
    .run()
}
