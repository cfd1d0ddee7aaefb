import type { UploadedImage } from '@shared/uploads'
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import type { ErrorText } from '@/lib/errors'
import { toast } from '@/lib/toast'
import {
  describeUploadError,
  isAbortError,
  type UploadKind,
  uploadImage,
  validateImageFile,
} from './upload-image'

export type SingleImageState = {
  /** A local blob URL of the picked file, shown while and after it is sent. */
  previewUrl: string
  name: string
  status: 'uploading' | 'done'
  /** 0–100 of the bytes sent. */
  progress: number
  /** The stored image, once the server has answered. */
  stored: UploadedImage | null
}

export type SingleImageUpload = {
  image: SingleImageState | null
  isUploading: boolean
  /** The file input, emptied after a refusal or removal so picking the same file again still fires. */
  inputRef: RefObject<HTMLInputElement | null>
  pick: (file: File) => void
  /** Cancels a send in progress and forgets the picked file. */
  remove: () => void
}

type Options = {
  kind: UploadKind
  /** The stored image, or null when it is removed or a new one starts. */
  onChange: (image: UploadedImage | null) => void
  /** The toast title of a refusal; the reason goes below it. Without it, the reason is the title. */
  failureTitle?: string
}

/**
 * One image slot (an event's picture, a banner) sent through the photo pipeline, replacing the previous
 * one. Listings, with up to five photos, use useImageUploads instead.
 */
export function useSingleImageUpload({ kind, onChange, failureTitle }: Options): SingleImageUpload {
  const [image, setImage] = useState<SingleImageState | null>(null)
  const inputRef = useRef<HTMLInputElement | null>(null)
  const controller = useRef<AbortController | null>(null)
  const blobUrl = useRef<string | null>(null)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange

  const refuse = useCallback(
    ({ title, description }: ErrorText) => {
      if (failureTitle) toast.error(failureTitle, { description: title })
      else toast.error(title, { description })
    },
    [failureTitle],
  )

  const discard = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    if (blobUrl.current) URL.revokeObjectURL(blobUrl.current)
    blobUrl.current = null
  }, [])

  // Leaving the form cancels a send in progress and frees the preview.
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
        refuse({ title: problem, description: file.name })
        clearInput()
        return
      }
      discard()
      onChangeRef.current(null)
      const previewUrl = URL.createObjectURL(file)
      blobUrl.current = previewUrl
      const current = new AbortController()
      controller.current = current
      setImage({ previewUrl, name: file.name, status: 'uploading', progress: 0, stored: null })
      uploadImage(file, {
        kind,
        signal: current.signal,
        onProgress: (progress) =>
          setImage((state) => (state?.previewUrl === previewUrl ? { ...state, progress } : state)),
      })
        .then((stored) => {
          if (controller.current !== current) return
          controller.current = null
          setImage((state) =>
            state?.previewUrl === previewUrl ? { ...state, status: 'done', progress: 100, stored } : state,
          )
          onChangeRef.current(stored)
        })
        .catch((error: unknown) => {
          if (isAbortError(error) || controller.current !== current) return
          refuse(describeUploadError(error, file.name))
          discard()
          setImage(null)
          clearInput()
        })
    },
    [kind, refuse, discard, clearInput],
  )

  return { image, isUploading: image?.status === 'uploading', inputRef, pick, remove }
}
