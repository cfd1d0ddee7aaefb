import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { UploadedImage } from '../../shared/uploads'
import type { Database } from '../db/client'
import { type UploadKind, uploads } from '../db/schema'
import { processImage } from './process-image'
import { type ImageStorage, renditionKey } from './storage'
import { accessOf, uploadUrls } from './urls'

/**
 * Processes an image (see processImage: it throws ImageRejectedError for anything unsafe) and
 * records it as an unattached upload of `ownerId`. Used by the upload endpoint and the demo seed.
 */
export async function storeImage(
  { db, storage }: { db: Database; storage: ImageStorage },
  ownerId: number,
  kind: UploadKind,
  input: Buffer,
): Promise<UploadedImage> {
  const image = await processImage(input)
  const access = accessOf(kind)
  const cardKey = renditionKey(image.card.data, 'card', access)
  const fullKey = renditionKey(image.full.data, 'full', access)
  const id = randomUUID()
  // The row goes in before the files: the orphan cleanup never deletes a file a row names.
  db.insert(uploads)
    .values({
      id,
      ownerId,
      kind,
      cardKey,
      fullKey,
      width: image.full.width,
      height: image.full.height,
      bytes: image.card.data.length + image.full.data.length,
    })
    .run()
  try {
    await Promise.all([storage.put(cardKey, image.card.data), storage.put(fullKey, image.full.data)])
  } catch (error) {
    db.delete(uploads).where(eq(uploads.id, id)).run()
    throw error
  }
  return {
    id,
    ...uploadUrls(storage, { id, kind, cardKey, fullKey }),
    width: image.full.width,
    height: image.full.height,
  }
}
