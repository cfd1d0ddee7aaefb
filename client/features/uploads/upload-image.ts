import {
  checkImageFile,
  UPLOAD_ENDPOINT,
  UPLOAD_FIELD,
  UPLOAD_MESSAGES,
  type UploadedImage,
} from '@shared/uploads'
import { instanceUrl } from '@/lib/instance-url'

export type UploadKind = 'listing' | 'avatar' | 'event' | 'banner' | 'chat'

/** A refused or failed upload; `message` is the pt-BR text to show, `status` the HTTP status (0 offline). */
export class UploadError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.name = 'UploadError'
    this.status = status
  }
}

export type UploadImageOptions = {
  kind: UploadKind
  /** Percent of the bytes sent (0–100). 100 arrives before the server has finished processing. */
  onProgress?: (percent: number) => void
  /** Aborting rejects with a DOMException named 'AbortError' (see `isAbortError`). */
  signal?: AbortSignal
}

export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError'

/** The text for a failure whose body carries none (a proxy's HTML page, a dropped connection). */
function messageForStatus(status: number): string {
  if (status === 401) return UPLOAD_MESSAGES.signInRequired
  if (status === 403) return UPLOAD_MESSAGES.notApproved
  if (status === 413) return UPLOAD_MESSAGES.tooLarge
  if (status === 415) return UPLOAD_MESSAGES.notImage
  if (status === 429) return UPLOAD_MESSAGES.rateLimited
  return UPLOAD_MESSAGES.failed
}

function isUploadedImage(body: unknown): body is UploadedImage {
  const value = body as Partial<UploadedImage> | null
  return (
    typeof value?.id === 'string' && typeof value.cardUrl === 'string' && typeof value.fullUrl === 'string'
  )
}

function errorText(body: unknown): string | null {
  const error = (body as { error?: unknown } | null)?.error
  return typeof error === 'string' && error.trim() ? error : null
}

/** The message for a file the browser can already refuse (type, size), or null. Mirrors the server. */
export const validateImageFile = (file: File): string | null => checkImageFile(file)

/**
 * Sends one image to POST /api/uploads. XMLHttpRequest rather than fetch because only it reports
 * upload progress. Resolves with the stored renditions; rejects with an UploadError carrying the
 * server's pt-BR message, or an AbortError.
 */
export function uploadImage(
  file: File,
  { kind, onProgress, signal }: UploadImageOptions,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('Envio cancelado', 'AbortError')
    if (signal?.aborted) {
      reject(aborted())
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', instanceUrl(UPLOAD_ENDPOINT))
    // A non-JSON body (e.g. an HTML error page) becomes null instead of throwing.
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)))
      }
    }
    xhr.onload = () => {
      const body: unknown = xhr.response
      if (xhr.status >= 200 && xhr.status < 300 && isUploadedImage(body)) {
        onProgress?.(100)
        resolve(body)
      } else {
        reject(new UploadError(errorText(body) ?? messageForStatus(xhr.status), xhr.status))
      }
    }
    xhr.onerror = () => reject(new UploadError(UPLOAD_MESSAGES.failed, 0))
    xhr.onabort = () => reject(aborted())
    const onAbort = () => xhr.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    xhr.onloadend = () => signal?.removeEventListener('abort', onAbort)

    const body = new FormData()
    // `kind` goes before the file: a streaming multipart parser only knows the fields already read
    // when it decides what to do with the file.
    body.append('kind', kind)
    body.append(UPLOAD_FIELD, file)
    xhr.send(body)
  })
}
