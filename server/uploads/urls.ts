import { chatPhotoPath } from '../../shared/chat'
import { phoneRenditionWidth } from '../../shared/renditions'
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

/**
 * The phone rendition a page offers of a public photo of `width`×`height`: its URL and width, or nulls
 * for a photo without one of its own (no larger than it, so its key is the full one's; or stored before
 * there were any and not yet backfilled).
 */
export function phoneRenditionOf(
  storage: ImageStorage,
  upload: { phoneKey: string | null; fullKey: string | null; width: number; height: number },
): { phoneUrl: string | null; phoneWidth: number | null } {
  const { phoneKey, fullKey, width, height } = upload
  return phoneKey && phoneKey !== fullKey
    ? { phoneUrl: storage.urlFor(phoneKey), phoneWidth: phoneRenditionWidth(width, height) }
    : { phoneUrl: null, phoneWidth: null }
}

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
