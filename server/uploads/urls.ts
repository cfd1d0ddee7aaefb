import { chatPhotoPath } from '../../shared/chat'
import { cardRenditionWidth, phoneRenditionWidth } from '../../shared/renditions'
import type { UploadKind } from '../db/schema'
import type { ImageStorage, KeyAccess } from './storage'

/** Chat photos are private to a conversation; every other kind is shown on public pages. */
export const accessOf = (kind: UploadKind): KeyAccess => (kind === 'chat' ? 'private' : 'public')

/**
 * The kinds shown across a phone's screen (the listing page's gallery, the portal's banner, an event's
 * cover in the list and on its page), which keep a phone rendition. An avatar is shown small, a chat
 * photo in a bubble or opened to look closer.
 */
export const PHONE_RENDITION_KINDS = ['listing', 'banner', 'event'] as const satisfies readonly UploadKind[]

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

/** The columns of a public photo's upload that `renditionsOf` reads (null where the upload is left-joined). */
export type RenditionKeys = {
  cardKey: string | null
  phoneKey: string | null
  fullKey: string | null
  width: number | null
  height: number | null
}

/**
 * The renditions a page offers of a public photo in its `srcset`, narrowest first with their widths: the
 * card one, the phone one when the photo has its own, the full one. Null without an upload row (a
 * photo given by URL) or its sizes.
 */
export function renditionsOf(
  storage: ImageStorage,
  { cardKey, phoneKey, fullKey, width, height }: RenditionKeys,
) {
  if (!cardKey || !width || !height) return null
  return {
    cardUrl: storage.urlFor(cardKey),
    cardWidth: cardRenditionWidth(width, height),
    ...phoneRenditionOf(storage, { phoneKey, fullKey, width, height }),
    fullWidth: width,
  }
}
