import type { ChatPhoto } from '@shared/chat'
import { IMAGE_INPUT_ACCEPT } from '@shared/uploads'
import { ImagePlusIcon, XIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { ListingGallery } from '@/features/listings/detail/listing-gallery'
import type { ImageUploads } from '@/features/uploads/use-image-uploads'
import { instanceUrl } from '@/lib/instance-url'
import { cn } from '@/lib/utils'

/** What a photo is called for a screen reader: its place in the message and who sent it. */
const photoName = (index: number, count: number, sender: string) =>
  `Foto ${index + 1} de ${count} enviada por ${sender}`

/**
 * A message's photos as thumbnails; each opens the full-size photos in a dialog (Esc or 'Fechar'
 * closes it and focus returns to the thumbnail, arrows step between photos).
 */
export function MessagePhotos({ photos, sender }: { photos: readonly ChatPhoto[]; sender: string }) {
  const [opened, setOpened] = useState<number | null>(null)
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([])
  const lastOpened = useRef(0)
  const open = (index: number) => {
    lastOpened.current = index
    setOpened(index)
  }
  const single = photos.length === 1
  return (
    <>
      <ul className={cn('grid gap-1', single ? 'grid-cols-1' : 'grid-cols-2')} aria-label="Fotos da mensagem">
        {photos.map((photo, index) => (
          <li key={photo.id} className={cn(photos.length === 3 && index === 0 && 'col-span-2')}>
            <button
              type="button"
              aria-haspopup="dialog"
              ref={(button) => {
                thumbnails.current[index] = button
              }}
              onClick={() => open(index)}
              className="block w-full overflow-hidden rounded-xl bg-black/10 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
            >
              <img
                src={instanceUrl(photo.cardUrl)}
                alt={photoName(index, photos.length, sender)}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                decoding="async"
                className={cn(
                  'w-full object-cover',
                  single ? 'max-h-72 min-h-24 min-w-40' : 'aspect-square',
                  photos.length === 3 && index === 0 && 'aspect-video',
                )}
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={opened !== null} onOpenChange={(open) => setOpened(open ? (opened ?? 0) : null)}>
        <DialogContent
          wide
          // Opened without a Radix trigger: focus goes back to the thumbnail that opened it.
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            thumbnails.current[lastOpened.current]?.focus()
          }}
        >
          <DialogHeader>
            <DialogTitle>
              {single ? `Foto enviada por ${sender}` : `Fotos enviadas por ${sender}`}
            </DialogTitle>
            <DialogDescription className={single ? 'sr-only' : undefined}>
              {single ? 'Foto em tamanho real.' : 'Use as setas ou os botões para passar as fotos.'}
            </DialogDescription>
          </DialogHeader>
          {opened !== null ? (
            <ListingGallery images={photos} title={`Foto enviada por ${sender}`} startIndex={opened} />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  )
}

/** The composer's button that picks photos, and the chosen ones with their progress and a way to drop them. */
export function ComposerPhotoButton({ uploads, disabled }: { uploads: ImageUploads; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null)
  const full = uploads.items.length >= uploads.max
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        aria-label={full ? `Máximo ${uploads.max} fotos por mensagem` : 'Adicionar fotos'}
        disabled={disabled || full}
        onClick={() => input.current?.click()}
        size="icon-lg"
        shape="round"
      >
        <ImagePlusIcon aria-hidden="true" />
      </Button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_INPUT_ACCEPT}
        multiple
        hidden
        tabIndex={-1}
        data-testid="chat-photo-input"
        onChange={(event) => {
          if (event.target.files) uploads.addFiles(event.target.files)
          // Lets the same file be picked again after it was removed.
          event.target.value = ''
        }}
      />
    </>
  )
}

export function ComposerPhotos({ uploads, disabled }: { uploads: ImageUploads; disabled: boolean }) {
  if (uploads.items.length === 0) return null
  return (
    <ul className="flex gap-2 px-1 pb-2" aria-label="Fotos para enviar">
      {uploads.items.map((item, index) => (
        <li key={item.key} className="relative size-16 overflow-hidden rounded-lg border bg-muted">
          <img
            src={instanceUrl(item.previewUrl)}
            alt={`Foto ${index + 1} para enviar`}
            className={cn('size-full object-cover', item.status === 'uploading' && 'opacity-50')}
          />
          {item.status === 'uploading' ? (
            <Spinner
              label={`Enviando foto ${index + 1}...`}
              className="absolute inset-0 text-foreground text-xl"
            />
          ) : null}
          <button
            type="button"
            disabled={disabled}
            onClick={() => uploads.remove(item.key)}
            aria-label={
              item.status === 'uploading' ? `Cancelar foto ${index + 1}` : `Remover foto ${index + 1}`
            }
            className="absolute top-0.5 right-0.5 flex size-6 items-center justify-center rounded-full bg-background/90 shadow outline-none focus-visible:ring-[3px] focus-visible:ring-ring disabled:opacity-50"
          >
            <XIcon className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  )
}
