import { IMAGE_INPUT_ACCEPT } from '@shared/uploads'
import { ChevronLeftIcon, ChevronRightIcon, ImagePlusIcon, XIcon } from 'lucide-react'
import { type DragEvent, useEffect, useRef, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { instanceUrl } from '@/lib/instance-url'
import { cn } from '@/lib/utils'
import { UploadProgress } from './upload-progress'
import type { ImageUploads, UploadItem } from './use-image-uploads'

type ImageUploaderProps = {
  uploads: ImageUploads
  /** Id of the add button, for the field's <label htmlFor>. */
  id: string
  /** Ids of hint/error texts describing the field. */
  describedBy?: string | undefined
  invalid?: boolean
  disabled?: boolean
}

type PendingFocus = { key: string; target: 'left' | 'right' | 'remove' } | { key: null; target: 'add' }

/**
 * Photo picker for a listing: thumbnails with per-file progress, move left/right (the first photo is
 * the cover) and remove; drop files on the add tile or pick them. Keyboard: every action is a button
 * and focus follows the photo being moved.
 */
export function ImageUploader({ uploads, id, describedBy, invalid, disabled }: ImageUploaderProps) {
  const { items, max } = uploads
  const inputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  const [announcement, setAnnouncement] = useState('')
  const [dragging, setDragging] = useState(false)
  const pendingFocus = useRef<PendingFocus | null>(null)
  const full = items.length >= max

  // Moving a node in the DOM drops its focus: put it back on the same control once React has moved it.
  useEffect(() => {
    const pending = pendingFocus.current
    if (!pending) return
    pendingFocus.current = null
    if (pending.key === null) {
      addRef.current?.focus()
      return
    }
    const tile = listRef.current?.querySelector<HTMLElement>(`[data-upload-key="${pending.key}"]`)
    // At either end the arrow just used is disabled: fall back to the other arrow, then to remove.
    const opposite = pending.target === 'left' ? 'right' : pending.target === 'right' ? 'left' : 'remove'
    const candidates = [pending.target, opposite, 'remove'].map((action) =>
      tile?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`),
    )
    candidates.find((button) => button && !button.disabled)?.focus()
  })

  const move = (item: UploadItem, index: number, offset: -1 | 1) => {
    const position = index + offset + 1
    pendingFocus.current = { key: item.key, target: offset < 0 ? 'left' : 'right' }
    uploads.move(item.key, offset)
    setAnnouncement(
      `Foto movida para a posição ${position} de ${items.length}${position === 1 ? ', agora é a capa' : ''}.`,
    )
  }

  const remove = (item: UploadItem, index: number) => {
    const neighbour = items[index + 1] ?? items[index - 1]
    pendingFocus.current = neighbour ? { key: neighbour.key, target: 'remove' } : { key: null, target: 'add' }
    uploads.remove(item.key)
    setAnnouncement(item.status === 'uploading' ? 'Envio cancelado.' : 'Foto removida.')
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (!disabled && event.dataTransfer.files.length > 0) uploads.addFiles(event.dataTransfer.files)
  }

  return (
    <div className="grid gap-3">
      <ul ref={listRef} className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Fotos do anúncio">
        {items.map((item, index) => (
          <li
            key={item.key}
            data-upload-key={item.key}
            className={cn(
              'relative overflow-hidden rounded-lg border bg-muted',
              index === 0 && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
            )}
          >
            <div className="relative aspect-square">
              <img
                src={instanceUrl(item.previewUrl)}
                alt={`Foto ${index + 1}${index === 0 ? ' (capa)' : ''}`}
                loading="lazy"
                decoding="async"
                className={cn('size-full object-cover', item.status === 'uploading' && 'opacity-60')}
              />
              {index === 0 ? <Badge className="absolute top-2 left-2 shadow">Capa</Badge> : null}
              {item.status === 'uploading' ? (
                <UploadProgress progress={item.progress} label={`Envio da foto ${index + 1}`} />
              ) : null}
            </div>
            <div className="flex items-center justify-between gap-1 p-1">
              <div className="flex gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  data-action="left"
                  disabled={disabled || index === 0}
                  aria-label={`Mover foto ${index + 1} para a esquerda`}
                  onClick={() => move(item, index, -1)}
                >
                  <ChevronLeftIcon aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  data-action="right"
                  disabled={disabled || index === items.length - 1}
                  aria-label={`Mover foto ${index + 1} para a direita`}
                  onClick={() => move(item, index, 1)}
                >
                  <ChevronRightIcon aria-hidden="true" />
                </Button>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                data-action="remove"
                disabled={disabled}
                tone="destructive"
                aria-label={
                  item.status === 'uploading'
                    ? `Cancelar envio da foto ${index + 1}`
                    : `Remover foto ${index + 1}`
                }
                onClick={() => remove(item, index)}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
        {full ? null : (
          <li>
            <button
              ref={addRef}
              id={id}
              type="button"
              disabled={disabled}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onClick={() => inputRef.current?.click()}
              onDragOver={(event) => {
                event.preventDefault()
                setDragging(true)
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                'flex aspect-square w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-3 text-center text-muted-foreground text-sm outline-none transition-colors hover:border-primary hover:text-primary focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive',
                dragging && 'border-primary bg-accent text-primary',
              )}
            >
              <ImagePlusIcon className="size-7" aria-hidden="true" />
              <span className="font-medium">{items.length === 0 ? 'Adicionar fotos' : 'Adicionar mais'}</span>
              <span className="text-xs">
                {items.length}/{max}
              </span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_INPUT_ACCEPT}
        multiple
        hidden
        tabIndex={-1}
        onChange={(event) => {
          if (event.target.files) uploads.addFiles(event.target.files)
          // Lets the same file be picked again after it was removed.
          event.target.value = ''
        }}
      />
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  )
}
