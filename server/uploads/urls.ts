import { chatPhotoPath } from '../../shared/chat'
import type { UploadKind } from '../db/schema'
import type { ImageStorage, KeyAccess } from './storage'

/** Chat photos are private to a conversation; every other kind is shown on public pages. */
export const accessOf = (kind: UploadKind): KeyAccess => (kind === 'chat' ? 'private' : 'public')

/**
 * The kinds shown across a phone's screen (the listing page's gallery, the portal's banner), which keep
 * a phone rendition. An avatar is shown small, a chat photo in a bubble or opened to look closer.
 */
export const PHONE_RENDITION_KINDS = ['listing', 'banner'] as const satisfies readonly UploadKind[]

export const hasPhoneRendition = (kind: UploadKind) =>
  (PHONE_RENDITION_KINDS as readonly UploadKind[]).includes(kind)

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
