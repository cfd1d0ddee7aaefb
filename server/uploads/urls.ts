import { chatPhotoPath } from '../../shared/chat'
import type { UploadKind } from '../db/schema'
import type { ImageStorage, KeyAccess } from './storage'

/** Chat photos are private to a conversation; every other kind is shown on public pages. */
export const accessOf = (kind: UploadKind): KeyAccess => (kind === 'chat' ? 'private' : 'public')

/** Where the browser loads an upload's two renditions: the public URL, or the authenticated chat route. */
export function uploadUrls(
  storage: ImageStorage,
  upload: { id: string; kind: UploadKind; cardKey: string; fullKey: string },
): { cardUrl: string; fullUrl: string } {
  if (accessOf(upload.kind) === 'private') {
    return { cardUrl: chatPhotoPath(upload.id, 'card'), fullUrl: chatPhotoPath(upload.id, 'full') }
  }
  return { cardUrl: storage.urlFor(upload.cardKey), fullUrl: storage.urlFor(upload.fullKey) }
}
