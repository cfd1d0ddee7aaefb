import { useEffect, useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import { describeUploadError, isAbortError, uploadImage, validateImageFile } from './upload-image'

type AvatarState = {
  /** What is shown: the saved avatar, a local preview of the new one, or nothing. */
  previewUrl: string | null
  /** For profiles.update: a new upload's id, null to remove, undefined to keep the saved one. */
  uploadId: string | null | undefined
  /** 0–100 while sending, null otherwise. */
  progress: number | null
}

/**
 * One avatar at a time: picking another cancels the previous send; a failure or a cancel goes back
 * to the last settled choice (the saved avatar, a finished upload, or none).
 */
export function useAvatarUpload(savedUrl: string | null) {
  const settled = useRef<AvatarState>({ previewUrl: savedUrl, uploadId: undefined, progress: null })
  const [state, setState] = useState<AvatarState>(settled.current)
  const controller = useRef<AbortController | null>(null)
  const blobs = useRef(new Set<string>())

  const forget = (url: string | null) => {
    if (url && blobs.current.delete(url)) URL.revokeObjectURL(url)
  }
  const settle = (next: AvatarState) => {
    if (settled.current.previewUrl !== next.previewUrl) forget(settled.current.previewUrl)
    settled.current = next
    setState(next)
  }

  useEffect(() => {
    const urls = blobs.current
    return () => {
      controller.current?.abort()
      for (const url of urls) URL.revokeObjectURL(url)
      urls.clear()
    }
  }, [])

  const pick = (file: File) => {
    const problem = validateImageFile(file)
    if (problem) {
      toast.error(problem, { description: file.name })
      return
    }
    controller.current?.abort()
    const mine = new AbortController()
    controller.current = mine
    const previewUrl = URL.createObjectURL(file)
    blobs.current.add(previewUrl)
    setState({ ...settled.current, previewUrl, progress: 0 })
    uploadImage(file, {
      kind: 'avatar',
      signal: mine.signal,
      onProgress: (progress) => setState((current) => ({ ...current, progress })),
    })
      .then((image) => settle({ previewUrl, uploadId: image.id, progress: null }))
      .catch((error: unknown) => {
        forget(previewUrl)
        // Cancelled: whoever cancelled has already decided what to show.
        if (isAbortError(error)) return
        const { title, description } = describeUploadError(error, file.name)
        toast.error(title, { description })
        setState(settled.current)
      })
      .finally(() => {
        if (controller.current === mine) controller.current = null
      })
  }

  const cancel = () => {
    controller.current?.abort()
    controller.current = null
    setState(settled.current)
  }

  const remove = () => {
    cancel()
    settle({ previewUrl: null, uploadId: null, progress: null })
  }

  return { ...state, uploading: state.progress !== null, pick, cancel, remove }
}
