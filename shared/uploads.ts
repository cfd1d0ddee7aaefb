/**
 * Limits of the photo upload, shared so the file picker can refuse before sending. The refusals are
 * codes of the catalogue (UPLOAD_… in shared/errors.ts), which this file leaves out of the pages that
 * only need the limits.
 */

export const UPLOAD_ENDPOINT = '/api/uploads'
/** Multipart field that carries the file. */
export const UPLOAD_FIELD = 'file'

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
export const MAX_UPLOAD_MEGAPIXELS = 40
/** Width × height; anything larger is refused before it is decoded (decompression bombs). */
export const MAX_UPLOAD_PIXELS = MAX_UPLOAD_MEGAPIXELS * 1_000_000

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
/** For `<input type="file" accept={…}>`. Only a hint: the server judges the bytes, not the name or type. */
export const IMAGE_INPUT_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',')

/** Body of a successful upload (201). A failure answers tRPC's error shape like every Express route. */
export type UploadedImage = {
  id: string
  cardUrl: string
  fullUrl: string
  /** Of the full-size rendition, already turned upright. */
  width: number
  height: number
}

/**
 * The checks the browser can make before sending: declared type and size. Returns the catalogue code
 * of the refusal, or null. The server repeats them on the content itself.
 */
export function checkImageFile(file: {
  type: string
  size: number
}): 'UPLOAD_NOT_IMAGE' | 'UPLOAD_TOO_LARGE' | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'UPLOAD_NOT_IMAGE'
  if (file.size > MAX_UPLOAD_BYTES) return 'UPLOAD_TOO_LARGE'
  return null
}
