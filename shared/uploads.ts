/** Limits and messages of the photo upload, shared so the file picker can refuse before sending. */

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

export const UPLOAD_MESSAGES = {
  notImage: 'Por favor, selecione apenas arquivos de imagem',
  tooLarge: 'Imagem muito grande. Tamanho máximo: 5MB',
  tooManyPixels: `Imagem com dimensões muito grandes. Use no máximo ${MAX_UPLOAD_MEGAPIXELS} megapixels.`,
  signInRequired: 'Faça login para enviar imagens.',
  notApproved: 'Sua conta ainda não foi aprovada.',
  forbiddenKind: 'Você não tem permissão para enviar este tipo de imagem.',
  missingFile: 'Selecione uma imagem para enviar.',
  badRequest: 'Envio inválido. Selecione a imagem novamente.',
  rateLimited: 'Muitas imagens enviadas em pouco tempo. Aguarde alguns minutos e tente novamente.',
  failed: 'Não foi possível enviar a imagem. Tente novamente.',
} as const

/** Body of a successful upload (201). Failures answer `{ error: string }` with the message to show. */
export type UploadedImage = {
  id: string
  cardUrl: string
  fullUrl: string
  /** Of the full-size rendition, already turned upright. */
  width: number
  height: number
}

/**
 * The checks the browser can make before sending: declared type and size. Returns the message to
 * show, or null. The server repeats them on the content itself.
 */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.notImage
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge
  return null
}
