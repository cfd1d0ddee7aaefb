import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { isAbortError, uploadImage, validateImageFile } from '@/features/sell/upload-image'

export const IMAGE_UPLOAD_ERROR = 'Erro ao fazer upload da imagem'

export type EventImageState = {
  /** A local blob URL while and after sending (the file the user picked). */
  previewUrl: string
  name: string
  status: 'uploading' | 'done'
  /** 0–100 of the bytes sent. */
  progress: number
  /** The stored upload's id, once the server has answered. */
  uploadId: string | null
}

export type EventImageUpload = {
  image: EventImageState | null
  isUploading: boolean
  /** The file input, cleared when the image is removed or refused so the same file can be picked again. */
  inputRef: RefObject<HTMLInputElement | null>
  pick: (file: File) => void
  remove: () => void
}

/**
 * One event image (kind 'event') sent through the shared uploader, replacing the previous one. Unlike
 * a listing's photo list there is a single slot, and a failure gets the spec's own toast title.
 */
export function useEventImageUpload(onChange: (uploadId: string | null) => void): EventImageUpload {
  const [image, setImage] = useState<EventImageState | null>(null)
  const inputRef = useRef<HTMLInputElement | null>(null)
  const controller = useRef<AbortController | null>(null)
  const blobUrl = useRef<string | null>(null)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange

  const discard = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    if (blobUrl.current) URL.revokeObjectURL(blobUrl.current)
    blobUrl.current = null
  }, [])

  // Leaving the page cancels a send in progress and frees the preview.
  useEffect(() => discard, [discard])

  const clearInput = useCallback(() => {
    if (inputRef.current) inputRef.current.value = ''
  }, [])

  const remove = useCallback(() => {
    discard()
    setImage(null)
    clearInput()
    onChangeRef.current(null)
  }, [discard, clearInput])

  const pick = useCallback(
    (file: File) => {
      const problem = validateImageFile(file)
      if (problem) {
        toast.error(IMAGE_UPLOAD_ERROR, { description: problem })
        clearInput()
        return
      }
      discard()
      onChangeRef.current(null)
      const previewUrl = URL.createObjectURL(file)
      blobUrl.current = previewUrl
      const current = new AbortController()
      controller.current = current
      setImage({ previewUrl, name: file.name, status: 'uploading', progress: 0, uploadId: null })
      uploadImage(file, {
        kind: 'event',
        signal: current.signal,
        onProgress: (progress) =>
          setImage((state) => (state?.previewUrl === previewUrl ? { ...state, progress } : state)),
      })
        .then((stored) => {
          if (controller.current !== current) return
          controller.current = null
          setImage((state) =>
            state?.previewUrl === previewUrl
              ? { ...state, status: 'done', progress: 100, uploadId: stored.id }
              : state,
          )
          onChangeRef.current(stored.id)
        })
        .catch((error: unknown) => {
          if (isAbortError(error) || controller.current !== current) return
          toast.error(IMAGE_UPLOAD_ERROR, {
            description: error instanceof Error ? error.message : file.name,
          })
          discard()
          setImage(null)
          clearInput()
        })
    },
    [discard, clearInput],
  )

  return { image, isUploading: image?.status === 'uploading', inputRef, pick, remove }
}
