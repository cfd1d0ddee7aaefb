import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { UploadedImage } from '../../shared/uploads'
import type { Database } from '../db/client'
import { type UploadKind, uploads } from '../db/schema'
import { processImage } from './process-image'
import { type ImageStorage, renditionKey } from './storage'
import { accessOf, hasPhoneRendition, uploadUrls } from './urls'

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
  const image = await processImage(input, { phone: hasPhoneRendition(kind) })
  const access = accessOf(kind)
  const cardKey = renditionKey(image.card.data, 'card', access)
  const fullKey = renditionKey(image.full.data, 'full', access)
  // Without one of its own, a phone loads the full rendition.
  const phoneKey = image.phone ? renditionKey(image.phone.data, 'phone', access) : fullKey
  const files = [
    { key: cardKey, data: image.card.data },
    { key: fullKey, data: image.full.data },
    ...(image.phone ? [{ key: phoneKey, data: image.phone.data }] : []),
  ]
  const id = randomUUID()
  // The row goes in before the files: the orphan cleanup never deletes a file a row names.
  db.insert(uploads)
    .values({
      id,
      ownerId,
      kind,
      cardKey,
      fullKey,
      phoneKey,
      width: image.full.width,
      height: image.full.height,
      bytes: files.reduce((sum, file) => sum + file.data.length, 0),
    })
    .run()
  try {
    await Promise.all(files.map((file) => storage.put(file.key, file.data)))
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
