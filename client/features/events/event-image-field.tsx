import { IMAGE_INPUT_ACCEPT } from '@shared/uploads'
import { XIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { UploadProgress } from '@/features/uploads/upload-progress'
import type { SingleImageUpload } from '@/features/uploads/use-single-image-upload'
import { instanceUrl } from '@/lib/instance-url'
import { cn } from '@/lib/utils'

type EventImageFieldProps = {
  upload: SingleImageUpload
  /** Id of the file input, for the field's <label htmlFor> ('Imagem'). */
  id: string
  /** The image the event already has (edit): shown until another one is picked. */
  existingUrl?: string | null | undefined
  describedBy?: string | undefined
  disabled?: boolean
}

/**
 * The event's optional image. A plain file input (named by the field's label, reachable by keyboard
 * and by tests) with a preview, the sending progress and a way to take the picked image back.
 */
export function EventImageField({ upload, id, existingUrl, describedBy, disabled }: EventImageFieldProps) {
  const { image } = upload
  const shownUrl = image?.previewUrl ?? existingUrl ?? null
  const uploading = image?.status === 'uploading'

  return (
    <div className="grid gap-3">
      {shownUrl ? (
        <figure className="relative overflow-hidden rounded-lg border bg-muted">
          <img
            src={instanceUrl(shownUrl)}
            alt={image ? 'Pré-visualização da imagem do evento' : 'Imagem atual do evento'}
            decoding="async"
            className={cn('aspect-video w-full object-cover', uploading && 'opacity-60')}
          />
          {image ? (
            <Button
              type="button"
              variant="secondary"
              size="icon"
              disabled={disabled}
              onClick={upload.remove}
              className="absolute top-2 right-2 shadow"
              aria-label={uploading ? 'Cancelar envio da imagem' : 'Remover imagem'}
            >
              <XIcon aria-hidden="true" />
            </Button>
          ) : (
            <figcaption className="absolute bottom-2 left-2 rounded-md bg-background/90 px-2 py-1 text-xs shadow">
              Imagem atual
            </figcaption>
          )}
          {uploading ? <UploadProgress progress={image.progress} label="Envio da imagem" /> : null}
        </figure>
      ) : null}
      <Input
        ref={upload.inputRef}
        id={id}
        type="file"
        accept={IMAGE_INPUT_ACCEPT}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) upload.pick(file)
        }}
      />
      <p className="sr-only" aria-live="polite">
        {image?.status === 'done' ? 'Imagem enviada.' : uploading ? 'Enviando imagem...' : ''}
      </p>
    </div>
  )
}
