import { zodResolver } from '@hookform/resolvers/zod'
import { BANNER_PLACEMENTS } from '@shared/domain'
import { BANNER_PLACEMENT_LABELS, bannerInputSchema } from '@shared/schemas/admin'
import { IMAGE_INPUT_ACCEPT } from '@shared/uploads'
import { XIcon } from 'lucide-react'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { DialogForm } from '@/components/dialog-form'
import {
  EditorDialog,
  type EditorDialogProps,
  type EditorState,
  editedItem,
} from '@/components/editor-dialog'
import { SelectField } from '@/components/select-field'
import { InputField, TextareaField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { UploadProgress } from '@/features/uploads/upload-progress'
import { useSingleImageUpload } from '@/features/uploads/use-single-image-upload'
import { boundField } from '@/lib/bound-field'
import { useFieldIds } from '@/lib/field-ids'
import { toastFirstError } from '@/lib/form-errors'
import { saveThenClose } from '@/lib/save-then-close'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { type BannerRow, bannerFormDefaults, previewableImageUrl } from './banner-form'

type BannerFormInput = z.input<typeof bannerInputSchema>
type BannerFormOutput = z.output<typeof bannerInputSchema>

/** What the dialog is doing: creating a banner, editing one, or closed (null). */
export type BannerDialogState = EditorState<BannerRow>

export function BannerFormDialog(props: EditorDialogProps<BannerRow>) {
  return (
    <EditorDialog {...props} wide>
      {(state, onDone) => <BannerForm banner={editedItem(state)} onDone={onDone} />}
    </EditorDialog>
  )
}

/** Create or edit a banner with every rule of the shared `bannerInputSchema`. */
function BannerForm({ banner, onDone }: { banner: BannerRow | undefined; onDone: () => void }) {
  const ids = useFieldIds('title', 'description', 'image', 'imageUrl', 'link', 'placement', 'order', 'active')
  const utils = trpc.useUtils()
  const form = useForm<BannerFormInput, unknown, BannerFormOutput>({
    resolver: zodResolver(bannerInputSchema),
    defaultValues: bannerFormDefaults(banner),
  })
  const { errors } = form.formState
  const create = trpc.admin.banners.create.useMutation()
  const update = trpc.admin.banners.update.useMutation()
  const saving = create.isPending || update.isPending

  const upload = useSingleImageUpload({
    kind: 'banner',
    onChange: (image) => {
      if (!image) return
      // The stored image becomes the banner's URL; the id lets the server keep the upload.
      form.setValue('imageUrl', image.fullUrl, { shouldDirty: true, shouldValidate: true })
      form.setValue('imageUploadId', image.id, { shouldDirty: true })
    },
  })
  const imageUrl = useWatch({ control: form.control, name: 'imageUrl' })
  const preview = upload.image?.previewUrl ?? previewableImageUrl(imageUrl)
  // A typed URL may point nowhere: say so instead of showing a broken image.
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null)
  const uploading = upload.isUploading
  const progress = upload.image?.progress ?? 0

  const submit = form.handleSubmit(
    (values) =>
      saveThenClose(
        () => (banner ? update.mutateAsync({ ...values, id: banner.id }) : create.mutateAsync(values)),
        {
          saved: banner ? 'Banner atualizado!' : 'Banner criado!',
          failed: 'Erro ao salvar banner',
          onDone,
          refresh: () =>
            Promise.all([
              utils.admin.banners.list.invalidate(),
              utils.admin.dashboard.summary.invalidate(),
              utils.banners.invalidate(),
            ]),
        },
      ),
    toastFirstError,
  )

  const imageHint = 'Recomendado: 1920×600. JPG, PNG, WEBP ou GIF de até 5MB.'
  const imageUrlHint = 'Ou cole o endereço de uma imagem (https://).'
  const linkHint = 'Opcional. Para onde o banner leva quando clicado (https://).'
  const orderHint = 'De 0 a 100; os menores aparecem primeiro.'

  return (
    <DialogForm
      title={banner ? 'Editar banner' : 'Novo banner'}
      description="Banners aparecem no portal da comunidade, na posição escolhida."
      onSubmit={submit}
      submitLabel={uploading ? 'Enviando imagem...' : 'Salvar banner'}
      busy={saving}
      busyLabel="Salvando..."
      submitDisabled={uploading}
    >
      <InputField label="Título" maxLength={100} required {...boundField(form, 'title', ids.title)} />

      <TextareaField
        label="Descrição"
        rows={2}
        maxLength={500}
        {...boundField(form, 'description', ids.description)}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          ref={upload.inputRef}
          id={ids.image}
          label="Imagem"
          hint={imageHint}
          type="file"
          accept={IMAGE_INPUT_ACCEPT}
          disabled={saving}
          className="h-auto cursor-pointer py-2 file:mr-3 file:rounded-md file:bg-secondary file:px-3 file:text-secondary-foreground"
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) upload.pick(file)
          }}
        />
        <InputField
          id={ids.imageUrl}
          label="URL da imagem"
          error={errors.imageUrl?.message}
          hint={imageUrlHint}
          type="url"
          inputMode="url"
          placeholder="https://"
          required
          {...form.register('imageUrl', {
            // A typed URL replaces an uploaded image.
            onChange: () => {
              form.setValue('imageUploadId', null)
              upload.remove()
            },
          })}
        />
      </div>

      {preview ? (
        <figure className="relative overflow-hidden rounded-lg border bg-muted">
          {brokenPreview === preview ? (
            <p className="flex aspect-[16/5] w-full items-center justify-center p-4 text-center text-muted-foreground text-sm">
              Não foi possível carregar a imagem deste endereço.
            </p>
          ) : (
            <img
              src={preview}
              alt="Pré-visualização do banner"
              decoding="async"
              onError={() => setBrokenPreview(preview)}
              className={cn('aspect-[16/5] w-full object-cover', uploading && 'opacity-60')}
            />
          )}
          {upload.image ? (
            <Button
              type="button"
              variant="secondary"
              size="icon"
              className="absolute top-2 right-2 shadow"
              disabled={saving}
              aria-label={uploading ? 'Cancelar envio da imagem' : 'Descartar imagem enviada'}
              onClick={() => {
                upload.remove()
                form.setValue('imageUploadId', null)
                form.setValue('imageUrl', banner?.imageUrl ?? '', { shouldDirty: true })
              }}
            >
              <XIcon aria-hidden="true" />
            </Button>
          ) : null}
          {uploading ? <UploadProgress progress={progress} label="Envio da imagem" /> : null}
        </figure>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {upload.image?.status === 'done' ? 'Imagem enviada.' : uploading ? 'Enviando imagem...' : ''}
      </p>

      <InputField
        label="Link"
        hint={linkHint}
        type="url"
        inputMode="url"
        placeholder="https://"
        {...boundField(form, 'linkUrl', ids.link)}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="placement"
          id={ids.placement}
          label="Posição"
          placeholder="Selecione"
          options={BANNER_PLACEMENTS.map((placement) => ({
            value: placement,
            label: BANNER_PLACEMENT_LABELS[placement],
          }))}
        />
        <InputField
          id={ids.order}
          label="Ordem"
          error={errors.displayOrder?.message}
          hint={orderHint}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          {...form.register('displayOrder', { valueAsNumber: true })}
        />
      </div>

      <Controller
        control={form.control}
        name="active"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Checkbox
              id={ids.active}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-describedby={`${ids.active}-hint`}
            />
            <div className="grid gap-1">
              <Label htmlFor={ids.active}>Ativo</Label>
              <p id={`${ids.active}-hint`} className="text-muted-foreground text-sm">
                Só banners ativos aparecem no portal.
              </p>
            </div>
          </div>
        )}
      />
    </DialogForm>
  )
}
