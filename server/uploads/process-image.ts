import sharp, { type Metadata, type SharpOptions } from 'sharp'
import { APP_ERRORS } from '../../shared/errors'
import { CARD_MAX_SIZE, FULL_MAX_SIZE, needsPhoneRendition, PHONE_MAX_SIZE } from '../../shared/renditions'
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from '../../shared/uploads'

export { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS }

export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const
export type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number]

export const WEBP_QUALITY = 80

export type ImageRejection = 'not_image' | 'too_large' | 'too_many_pixels'

const REJECTION_MESSAGES: Record<ImageRejection, string> = {
  not_image: APP_ERRORS.UPLOAD_NOT_IMAGE.title,
  too_large: APP_ERRORS.UPLOAD_TOO_LARGE.title,
  too_many_pixels: APP_ERRORS.UPLOAD_TOO_MANY_PIXELS.title,
}

/** The upload is not something we store; the message is for the user. */
export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError'
  readonly reason: ImageRejection

  constructor(reason: ImageRejection, options?: ErrorOptions) {
    super(REJECTION_MESSAGES[reason], options)
    this.reason = reason
  }
}

export type ProcessedRendition = { data: Buffer; width: number; height: number }
export type ProcessedImage = {
  format: AcceptedFormat
  card: ProcessedRendition
  full: ProcessedRendition
  /** Absent when not asked for, or when the full rendition is no larger than it. */
  phone?: ProcessedRendition
}

export type ProcessOptions = { phone?: boolean }

/**
 * Judged by the leading bytes before libvips sees the input at all, so none of its other loaders
 * (SVG, PDF, TIFF, HEIF…) is ever reachable from an upload.
 */
export function sniffImageFormat(input: Buffer): AcceptedFormat | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, i) => input[offset + i] === byte)
  const ascii = (text: string, offset = 0) => input.toString('latin1', offset, offset + text.length) === text
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg'
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (ascii('GIF87a') || ascii('GIF89a')) return 'gif'
  if (ascii('RIFF') && ascii('WEBP', 8)) return 'webp'
  return null
}

const inputOptions: SharpOptions = {
  // Checked against the header before any pixel is decoded.
  limitInputPixels: MAX_UPLOAD_PIXELS,
  // Animated GIF/WebP: the first frame only, stored as a still image.
  pages: 1,
}

const PIXEL_LIMIT_ERROR = /pixel limit/i

function rejectionFor(error: unknown): ImageRejectedError {
  const message = error instanceof Error ? error.message : ''
  return new ImageRejectedError(PIXEL_LIMIT_ERROR.test(message) ? 'too_many_pixels' : 'not_image', {
    cause: error,
  })
}

async function render(input: Buffer, maxSize: number): Promise<ProcessedRendition> {
  const { data, info } = await sharp(input, inputOptions)
    // Turns the pixels upright by the EXIF orientation; the output carries no metadata at all
    // (sharp keeps EXIF, GPS, XMP or ICC only when asked to).
    .autoOrient()
    .resize({ width: maxSize, height: maxSize, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/**
 * The phone rendition of a stored full rendition, for photos stored before there was one. Throws what
 * sharp throws for a file that is not a readable image.
 */
export function renderPhoneFromFull(full: Buffer): Promise<ProcessedRendition> {
  return render(full, PHONE_MAX_SIZE)
}

/**
 * Validates an uploaded file by its content and turns it into the stored renditions: card and full,
 * and the phone one when asked for and the image is larger than it.
 * Throws ImageRejectedError for anything that is not an acceptable image.
 */
export async function processImage(
  input: Buffer,
  { phone = false }: ProcessOptions = {},
): Promise<ProcessedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw new ImageRejectedError('too_large')
  const format = sniffImageFormat(input)
  if (!format) throw new ImageRejectedError('not_image')

  let metadata: Metadata
  try {
    metadata = await sharp(input, inputOptions).metadata()
  } catch (error) {
    throw rejectionFor(error)
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) {
    throw new ImageRejectedError('not_image')
  }
  if (metadata.width * metadata.height > MAX_UPLOAD_PIXELS) throw new ImageRejectedError('too_many_pixels')

  try {
    // Each from the upload itself, side by side on libvips' threads, off the event loop.
    const [full, card, phoneRendition] = await Promise.all([
      render(input, FULL_MAX_SIZE),
      render(input, CARD_MAX_SIZE),
      phone && needsPhoneRendition(metadata.width, metadata.height)
        ? render(input, PHONE_MAX_SIZE)
        : undefined,
    ])
    return phoneRendition ? { format, full, card, phone: phoneRendition } : { format, full, card }
  } catch (error) {
    // The header was fine but the pixel data is not (truncated or corrupt file).
    throw rejectionFor(error)
  }
}
