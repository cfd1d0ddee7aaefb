import type { UploadedImage } from '@shared/uploads'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import {
  describeUploadError,
  isAbortError,
  type UploadKind,
  uploadImage,
  validateImageFile,
} from './upload-image'

/** An image already stored on the server (e.g. a listing's photos when editing). */
export type ExistingImage = Pick<UploadedImage, 'id' | 'cardUrl'>

export type UploadItem = {
  /** Stable React key; not the upload id, which only exists once the server answers. */
  key: string
  /** What the tile shows: a local blob URL while sending, the stored card URL for existing images. */
  previewUrl: string
  name: string
  status: 'uploading' | 'done'
  /** 0–100 of the bytes sent. */
  progress: number
  image: ExistingImage | null
}

export type UseImageUploadsOptions = {
  kind: UploadKind
  max: number
  initial?: readonly ExistingImage[]
  /** Called with the stored ids, in display order, whenever they change (to feed a form field). */
  onChange?: (ids: string[]) => void
}

export type ImageUploads = {
  items: UploadItem[]
  max: number
  /** True while any file is still being sent or processed. */
  isUploading: boolean
  /** Ids of the stored images, in display order: the first is the cover. */
  uploadedIds: string[]
  /** Checks the files (type, size, how many fit) and starts sending the ones that pass. */
  addFiles: (files: FileList | readonly File[]) => void
  remove: (key: string) => void
  move: (key: string, offset: -1 | 1) => void
  /** Empties the picker (after the images were used, e.g. a message sent with them). */
  clear: () => void
}

const idsOf = (items: readonly UploadItem[]) =>
  items.flatMap((item) => (item.status === 'done' && item.image ? [item.image.id] : []))

/**
 * The state behind a photo picker: several images sent in parallel with per-file progress, ordered,
 * removable. Errors (local checks and the server's) become toasts. Reusable by any form that
 * attaches uploaded images (listings today; events and banners later).
 */
export function useImageUploads({ kind, max, initial = [], onChange }: UseImageUploadsOptions): ImageUploads {
  const [items, setItems] = useState<UploadItem[]>(() =>
    initial.map((image, index) => ({
      key: `existing-${index}-${image.id}`,
      previewUrl: image.cardUrl,
      name: `Foto ${index + 1}`,
      status: 'done',
      progress: 100,
      image,
    })),
  )
  // The ref is the source of truth so async callbacks and checks never read a stale list.
  const itemsRef = useRef(items)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const controllers = useRef(new Map<string, AbortController>())
  const blobUrls = useRef(new Set<string>())
  const nextKey = useRef(0)

  const update = useCallback((change: (current: UploadItem[]) => UploadItem[]) => {
    const before = idsOf(itemsRef.current)
    itemsRef.current = change(itemsRef.current)
    setItems(itemsRef.current)
    const after = idsOf(itemsRef.current)
    if (before.join('\n') !== after.join('\n')) onChangeRef.current?.(after)
  }, [])

  const release = useCallback((item: UploadItem | undefined) => {
    if (!item) return
    controllers.current.get(item.key)?.abort()
    controllers.current.delete(item.key)
    if (blobUrls.current.delete(item.previewUrl)) URL.revokeObjectURL(item.previewUrl)
  }, [])

  // Leaving the page cancels what is still being sent and frees the local previews.
  useEffect(() => {
    const pending = controllers.current
    const urls = blobUrls.current
    return () => {
      for (const controller of pending.values()) controller.abort()
      pending.clear()
      for (const url of urls) URL.revokeObjectURL(url)
      urls.clear()
    }
  }, [])

  const start = useCallback(
    (file: File) => {
      nextKey.current += 1
      const key = `upload-${nextKey.current}`
      const previewUrl = URL.createObjectURL(file)
      blobUrls.current.add(previewUrl)
      const controller = new AbortController()
      controllers.current.set(key, controller)
      const patch = (changes: Partial<UploadItem>) =>
        update((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)))
      update((current) => [
        ...current,
        { key, previewUrl, name: file.name, status: 'uploading', progress: 0, image: null },
      ])
      uploadImage(file, { kind, signal: controller.signal, onProgress: (progress) => patch({ progress }) })
        .then((image) => patch({ status: 'done', progress: 100, image }))
        .catch((error: unknown) => {
          if (isAbortError(error)) return
          const { title, description } = describeUploadError(error, file.name)
          toast.error(title, { description })
          const failed = itemsRef.current.find((item) => item.key === key)
          update((current) => current.filter((item) => item.key !== key))
          release(failed)
        })
        .finally(() => controllers.current.delete(key))
    },
    [kind, update, release],
  )

  const addFiles = useCallback(
    (files: FileList | readonly File[]) => {
      let room = max - itemsRef.current.length
      let refused = 0
      for (const file of Array.from(files)) {
        const problem = validateImageFile(file)
        if (problem) {
          toast.error(problem, { description: file.name })
        } else if (room <= 0) {
          refused += 1
        } else {
          room -= 1
          start(file)
        }
      }
      if (refused > 0) {
        toast.error(`Máximo ${max} imagens`, {
          description:
            refused === 1 ? '1 imagem não foi adicionada.' : `${refused} imagens não foram adicionadas.`,
        })
      }
    },
    [max, start],
  )

  const remove = useCallback(
    (key: string) => {
      const item = itemsRef.current.find((candidate) => candidate.key === key)
      update((current) => current.filter((candidate) => candidate.key !== key))
      release(item)
    },
    [update, release],
  )

  const move = useCallback(
    (key: string, offset: -1 | 1) =>
      update((current) => {
        const from = current.findIndex((item) => item.key === key)
        const to = from + offset
        const moving = current[from]
        if (from < 0 || !moving || to < 0 || to >= current.length) return current
        const next = current.filter((item) => item.key !== key)
        next.splice(to, 0, moving)
        return next
      }),
    [update],
  )

  const clear = useCallback(() => {
    const removed = itemsRef.current
    update(() => [])
    for (const item of removed) release(item)
  }, [update, release])

  const uploadedIds = useMemo(() => idsOf(items), [items])
  const isUploading = items.some((item) => item.status === 'uploading')

  return { items, max, isUploading, uploadedIds, addFiles, remove, move, clear }
}
