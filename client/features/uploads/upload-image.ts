import { APP_ERRORS } from '@shared/errors'
import { checkImageFile, UPLOAD_ENDPOINT, UPLOAD_FIELD, type UploadedImage } from '@shared/uploads'
import { describeError, type ErrorText, HttpError, httpStatusOf } from '@/lib/errors'
import { instanceUrl } from '@/lib/instance-url'

export type UploadKind = 'listing' | 'avatar' | 'event' | 'banner' | 'chat'

/** The toast title of an upload the server did not refuse but failed, or that never reached it. */
export const UPLOAD_FAILED_TITLE = 'Não foi possível enviar a imagem. Tente novamente.'

export type UploadImageOptions = {
  kind: UploadKind
  /** Percent of the bytes sent (0–100). 100 arrives before the server has finished processing. */
  onProgress?: (percent: number) => void
  /** Aborting rejects with a DOMException named 'AbortError' (see `isAbortError`). */
  signal?: AbortSignal
}

export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError'

function isUploadedImage(body: unknown): body is UploadedImage {
  const value = body as Partial<UploadedImage> | null
  return (
    typeof value?.id === 'string' && typeof value.cardUrl === 'string' && typeof value.fullUrl === 'string'
  )
}

/** The message for a file the browser can already refuse (type, size), or null. Mirrors the server. */
export function validateImageFile(file: File): string | null {
  const refusal = checkImageFile(file)
  return refusal && APP_ERRORS[refusal].title
}

/**
 * The toast of a failed upload, by describeError: a refusal says why as the title, with the file's
 * name under it; a failure (the server's, or no connection) comes under UPLOAD_FAILED_TITLE, with its
 * request code.
 */
export function describeUploadError(error: unknown, fileName: string): ErrorText {
  const status = httpStatusOf(error)
  if (status !== undefined && status < 500)
    return { title: describeError(error).title, description: fileName }
  return describeError(error, UPLOAD_FAILED_TITLE)
}

/**
 * Sends one image to POST /api/uploads. XMLHttpRequest rather than fetch because only it reports
 * upload progress. Resolves with the stored renditions; rejects with an HttpError carrying the
 * server's answer (see describeUploadError), or an AbortError.
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
        reject(new HttpError(xhr.status, body))
      }
    }
    xhr.onerror = () => reject(new HttpError(0, null))
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
