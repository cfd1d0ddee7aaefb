/** Chat limits shared by the client and the server (plain constants: no validation library needed). */

/** Longest message, in characters: a chat message, not a document. */
export const CHAT_MESSAGE_MAX = 2000
/** How long the 'digitando...' indicator lasts after the last keystroke event. */
export const TYPING_INDICATOR_MS = 3000
export const CHAT_PAGE_SIZE = 30
/** Photos in one message. */
export const CHAT_PHOTOS_MAX = 3

export type ChatPhotoRendition = 'card' | 'full'
/** Chat photos are served only through this authenticated route, never from the public /uploads. */
export const CHAT_PHOTO_ROUTE = '/api/chat/photos/:uploadId/:rendition'

export function chatPhotoPath(uploadId: string, rendition: ChatPhotoRendition): string {
  return `/api/chat/photos/${encodeURIComponent(uploadId)}/${rendition}`
}

/** A photo of a message, as both sides see it. */
export type ChatPhoto = { id: string; cardUrl: string; fullUrl: string; width: number; height: number }

/** A message as one line of text: its words, and how many photos came with them. */
export function withPhotoNote(content: string, photoCount: number): string {
  if (photoCount === 0) return content
  const note = photoCount === 1 ? '📷 Foto' : `📷 ${photoCount} fotos`
  return content ? `${content} (${note})` : note
}
