import type { UploadedImage } from '@shared/uploads'
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { isAbortError, uploadImage, validateImageFile } from '@/features/sell/upload-image'

export type BannerUploadState = {
  /** A local blob URL of the picked file, shown while it is sent. */
  previewUrl: string
  status: 'uploading' | 'done'
  /** 0–100 of the bytes sent. */
  progress: number
}

export type BannerImageUpload = {
  state: BannerUploadState | null
  isUploading: boolean
  inputRef: RefObject<HTMLInputElement | null>
  pick: (file: File) => void
  /** Cancels a send in progress and forgets the picked file. */
  clear: () => void
}

/**
 * One banner image sent through the photo pipeline (kind 'banner'). The browser refuses what the
 * server would (not an image, over 5 MB) with the spec's messages; `onUploaded` receives the stored
 * image so the form can point its URL at it.
 */
export function useBannerImageUpload(onUploaded: (image: UploadedImage) => void): BannerImageUpload {
  const [state, setState] = useState<BannerUploadState | null>(null)
  const inputRef = useRef<HTMLInputElement | null>(null)
  const controller = useRef<AbortController | null>(null)
  const blobUrl = useRef<string | null>(null)
  const onUploadedRef = useRef(onUploaded)
  onUploadedRef.current = onUploaded

  const discard = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    if (blobUrl.current) URL.revokeObjectURL(blobUrl.current)
    blobUrl.current = null
  }, [])

  // Closing the dialog cancels a send in progress and frees the preview.
  useEffect(() => discard, [discard])

  // Emptied after a refusal or removal, so picking the same file again still fires a change.
  const clearInput = useCallback(() => {
    if (inputRef.current) inputRef.current.value = ''
  }, [])

  const clear = useCallback(() => {
    discard()
    setState(null)
    clearInput()
  }, [discard, clearInput])

  const pick = useCallback(
    (file: File) => {
      const problem = validateImageFile(file)
      if (problem) {
        toast.error(problem, { description: file.name })
        clearInput()
        return
      }
      discard()
      const previewUrl = URL.createObjectURL(file)
      blobUrl.current = previewUrl
      const current = new AbortController()
      controller.current = current
      setState({ previewUrl, status: 'uploading', progress: 0 })
      uploadImage(file, {
        kind: 'banner',
        signal: current.signal,
        onProgress: (progress) =>
          setState((value) => (value?.previewUrl === previewUrl ? { ...value, progress } : value)),
      })
        .then((stored) => {
          if (controller.current !== current) return
          controller.current = null
          setState((value) =>
            value?.previewUrl === previewUrl ? { ...value, status: 'done', progress: 100 } : value,
          )
          onUploadedRef.current(stored)
        })
        .catch((error: unknown) => {
          if (isAbortError(error) || controller.current !== current) return
          toast.error(error instanceof Error ? error.message : 'Não foi possível enviar a imagem.', {
            description: file.name,
          })
          discard()
          setState(null)
          clearInput()
        })
    },
    [discard, clearInput],
  )

  return { state, isUploading: state?.status === 'uploading', inputRef, pick, clear }
}
