import { zodResolver } from '@hookform/resolvers/zod'
import { AD_PLACEMENTS, type AdPlacement } from '@shared/domain'
import { AD_PLACEMENT_LABELS, bannerInputSchema } from '@shared/schemas/admin'
import { IMAGE_INPUT_ACCEPT } from '@shared/uploads'
import { XIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { DialogForm } from '@/components/dialog-form'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { FormField, fieldAriaProps } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import { useSingleImageUpload } from '@/features/uploads/use-single-image-upload'
import { toastError } from '@/lib/errors'
import { toastFirstError } from '@/lib/form-errors'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { type BannerRow, bannerFormDefaults, previewableImageUrl } from './banner-form'

type BannerFormInput = z.input<typeof bannerInputSchema>
type BannerFormOutput = z.output<typeof bannerInputSchema>

/** What the dialog is doing: creating a banner, editing one, or closed (null). */
export type BannerDialogState = { mode: 'create' } | { mode: 'edit'; banner: BannerRow } | null

export function BannerFormDialog({
  state,
  onOpenChange,
}: {
  state: BannerDialogState
  onOpenChange: (open: boolean) => void
}) {
  const banner = state?.mode === 'edit' ? state.banner : undefined
  return (
    <Dialog open={state !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {state ? (
          <BannerForm key={banner?.id ?? 'new'} banner={banner} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

/** Create or edit a banner with every rule of the shared `bannerInputSchema`. */
function BannerForm({ banner, onDone }: { banner: BannerRow | undefined; onDone: () => void }) {
  const baseId = useId()
  const ids = {
    title: `${baseId}-title`,
    description: `${baseId}-description`,
    image: `${baseId}-image`,
    imageUrl: `${baseId}-image-url`,
    link: `${baseId}-link`,
    placement: `${baseId}-placement`,
    order: `${baseId}-order`,
    active: `${baseId}-active`,
  }
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

  const submit = form.handleSubmit(async (values) => {
    try {
      if (banner) await update.mutateAsync({ ...values, id: banner.id })
      else await create.mutateAsync(values)
      toast.success(banner ? 'Banner atualizado!' : 'Banner criado!')
      onDone()
      await Promise.all([
        utils.admin.banners.list.invalidate(),
        utils.admin.dashboard.summary.invalidate(),
        utils.banners.invalidate(),
      ])
    } catch (error) {
      toastError(error, 'Erro ao salvar banner')
    }
  }, toastFirstError)

  const imageHint = 'Recomendado: 1920×600. JPG, PNG, WEBP ou GIF de até 5MB.'
  const imageUrlHint = 'Ou cole o endereço de uma imagem (https://).'
  const linkHint = 'Opcional. Para onde o banner leva quando clicado (https://).'
  const orderHint = 'De 0 a 100; os menores aparecem primeiro.'

  return (
    <DialogForm
      title={banner ? 'Editar banner' : 'Novo banner'}
      description="Banners aparecem no portal da comunidade, na posição escolhida."
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={uploading ? 'Enviando imagem...' : 'Salvar banner'}
      busy={saving}
      busyLabel="Salvando..."
      submitDisabled={uploading}
    >
      <FormField label="Título" htmlFor={ids.title} error={errors.title?.message}>
        <Input
          id={ids.title}
          maxLength={100}
          required
          {...fieldAriaProps(ids.title, { error: errors.title?.message })}
          {...form.register('title')}
        />
      </FormField>

      <FormField label="Descrição" htmlFor={ids.description} error={errors.description?.message}>
        <Textarea
          id={ids.description}
          rows={2}
          maxLength={500}
          {...fieldAriaProps(ids.description, { error: errors.description?.message })}
          {...form.register('description')}
        />
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Imagem" htmlFor={ids.image} hint={imageHint}>
          <Input
            ref={upload.inputRef}
            id={ids.image}
            type="file"
            accept={IMAGE_INPUT_ACCEPT}
            disabled={saving}
            aria-describedby={fieldAriaProps(ids.image, { hint: imageHint })['aria-describedby']}
            className="h-auto cursor-pointer py-2 file:mr-3 file:rounded-md file:bg-secondary file:px-3 file:text-secondary-foreground"
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) upload.pick(file)
            }}
          />
        </FormField>
        <FormField
          label="URL da imagem"
          htmlFor={ids.imageUrl}
          error={errors.imageUrl?.message}
          hint={imageUrlHint}
        >
          <Input
            id={ids.imageUrl}
            type="url"
            inputMode="url"
            placeholder="https://"
            required
            {...fieldAriaProps(ids.imageUrl, { error: errors.imageUrl?.message, hint: imageUrlHint })}
            {...form.register('imageUrl', {
              // A typed URL replaces an uploaded image.
              onChange: () => {
                form.setValue('imageUploadId', null)
                upload.remove()
              },
            })}
          />
        </FormField>
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
          {uploading ? (
            <div className="absolute inset-x-2 bottom-2 grid gap-1 rounded-md bg-background/90 p-2 shadow">
              <div
                role="progressbar"
                aria-label="Envio da imagem"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                aria-valuetext={progress >= 100 ? 'Processando' : `${progress}%`}
                className="h-1.5 overflow-hidden rounded-full bg-muted"
              >
                <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
              </div>
              <span className="text-center text-xs">
                {progress >= 100 ? 'Processando...' : `${progress}%`}
              </span>
            </div>
          ) : null}
        </figure>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {upload.image?.status === 'done' ? 'Imagem enviada.' : uploading ? 'Enviando imagem...' : ''}
      </p>

      <FormField label="Link" htmlFor={ids.link} error={errors.linkUrl?.message} hint={linkHint}>
        <Input
          id={ids.link}
          type="url"
          inputMode="url"
          placeholder="https://"
          {...fieldAriaProps(ids.link, { error: errors.linkUrl?.message, hint: linkHint })}
          {...form.register('linkUrl')}
        />
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="placement"
          render={({ field, fieldState }) => (
            <FormField label="Posição" htmlFor={ids.placement} error={fieldState.error?.message}>
              <Select value={field.value} onValueChange={(value) => field.onChange(value as AdPlacement)}>
                <SelectTrigger
                  id={ids.placement}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  className="w-full"
                  {...fieldAriaProps(ids.placement, { error: fieldState.error?.message })}
                >
                  <SelectValue placeholder="Selecione" />
                </SelectTrigger>
                <SelectContent>
                  {AD_PLACEMENTS.map((placement) => (
                    <SelectItem key={placement} value={placement}>
                      {AD_PLACEMENT_LABELS[placement]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          )}
        />
        <FormField label="Ordem" htmlFor={ids.order} error={errors.displayOrder?.message} hint={orderHint}>
          <Input
            id={ids.order}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            {...fieldAriaProps(ids.order, { error: errors.displayOrder?.message, hint: orderHint })}
            {...form.register('displayOrder', { valueAsNumber: true })}
          />
        </FormField>
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
