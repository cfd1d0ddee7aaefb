import { zodResolver } from '@hookform/resolvers/zod'
import { EVENT_CAPACITY_MAX, EVENT_DESCRIPTION_MAX, type EventInput } from '@shared/schemas/event'
import { MAX_UPLOAD_BYTES } from '@shared/uploads'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { FormActions } from '@/components/form-actions'
import { InputField } from '@/components/text-fields'
import { TitleDescriptionFields } from '@/components/title-description-fields'
import { FormField, fieldAriaProps } from '@/components/ui/form-field'
import { useSingleImageUpload } from '@/features/uploads/use-single-image-upload'
import { boundField } from '@/lib/bound-field'
import { todayInTimeZone } from '@/lib/dates'
import { toastFirstError } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { cn } from '@/lib/utils'
import { type EventFormInput, type EventFormOutput, eventFormSchemaFor } from './event-form-schema'
import { EventImageField } from './event-image-field'

const IMAGE_UPLOAD_ERROR = 'Erro ao fazer upload da imagem'

export type EventFormDefaults = {
  title?: string
  description?: string
  /** '2026-03-14', the community's wall calendar. */
  eventDate?: string
  /** '19:30'. */
  eventTime?: string
  location?: string
  maxParticipants?: number | null
  /** The stored image (edit); kept unless another one is uploaded. */
  imageUrl?: string | null
}

export type EventFormProps = {
  mode: 'create' | 'edit'
  /** The community's zone: 'today' and 'in the future' are judged on its clock, as the server does. */
  timeZone: string
  defaultValues?: EventFormDefaults
  /** Receives the server's input; may throw (the caller toasts). The form stays busy until it settles. */
  onSubmit: (input: EventInput) => Promise<void>
  onCancel?: () => void
  className?: string
}

const MAX_MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024))
const IMAGE_HINT = `Opcional. JPG, PNG, WebP ou GIF, até ${MAX_MB}MB.`
const CAPACITY_HINT = 'Deixe em branco para não limitar.'

/** Create and edit an event: every field and message of the shared event schema. */
export function EventForm({
  mode,
  timeZone,
  defaultValues = {},
  onSubmit,
  onCancel,
  className,
}: EventFormProps) {
  const schema = useMemo(() => eventFormSchemaFor(timeZone), [timeZone])
  const form = useForm<EventFormInput, unknown, EventFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: defaultValues.title ?? '',
      description: defaultValues.description ?? '',
      eventDate: defaultValues.eventDate ?? '',
      eventTime: defaultValues.eventTime ?? '',
      location: defaultValues.location ?? '',
      maxParticipants: defaultValues.maxParticipants ? String(defaultValues.maxParticipants) : '',
      imageUploadId: null,
    },
  })
  const { isSubmitting } = form.formState
  const upload = useSingleImageUpload({
    kind: 'event',
    failureTitle: IMAGE_UPLOAD_ERROR,
    onChange: (image) => form.setValue('imageUploadId', image?.id ?? null, { shouldDirty: true }),
  })
  // Recomputed on every render, so a form left open past midnight moves its minimum along.
  const minDate = todayInTimeZone(timeZone)

  const submit = form.handleSubmit(async (values) => {
    // Enter in a text field must not save while the image is still on its way.
    if (upload.isUploading) {
      toast.error('Aguarde o envio da imagem')
      return
    }
    await onSubmit(values)
  }, toastFirstError)

  const busy = isSubmitting
  const submitLabel = upload.isUploading
    ? 'Enviando imagem...'
    : busy
      ? 'Salvando...'
      : mode === 'create'
        ? 'Criar evento'
        : 'Salvar alterações'

  const ids = {
    date: `event-${mode}-date`,
    time: `event-${mode}-time`,
    location: `event-${mode}-location`,
    capacity: `event-${mode}-capacity`,
    image: `event-${mode}-image`,
  }

  return (
    <form onSubmit={submit} noValidate className={cn('grid gap-6', className)} aria-busy={busy}>
      <TitleDescriptionFields
        form={form}
        idPrefix={`event-${mode}`}
        descriptionMax={EVENT_DESCRIPTION_MAX}
        titlePlaceholder="Ex.: Sarau de poesia no bloco A"
        descriptionPlaceholder="Conte o que vai rolar, quem pode participar, o que levar..."
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <InputField
          label="Data"
          type="date"
          required
          min={minDate}
          {...boundField(form, 'eventDate', ids.date)}
        />
        <InputField label="Horário" type="time" required {...boundField(form, 'eventTime', ids.time)} />
      </div>

      <InputField
        label="Local"
        required
        autoComplete="off"
        placeholder="Ex.: Auditório do bloco C"
        {...boundField(form, 'location', ids.location)}
      />

      <InputField
        label="Máximo de participantes"
        hint={CAPACITY_HINT}
        type="number"
        inputMode="numeric"
        min={1}
        max={EVENT_CAPACITY_MAX}
        step={1}
        placeholder="Sem limite"
        className="sm:max-w-48"
        {...boundField(form, 'maxParticipants', ids.capacity)}
      />

      <FormField label="Imagem" htmlFor={ids.image} hint={IMAGE_HINT}>
        <EventImageField
          id={ids.image}
          upload={upload}
          existingUrl={defaultValues.imageUrl}
          disabled={busy}
          describedBy={fieldAriaProps(ids.image, { hint: IMAGE_HINT })['aria-describedby']}
        />
      </FormField>

      <FormActions
        onCancel={onCancel}
        cancelDisabled={busy}
        submitLabel={submitLabel}
        submitDisabled={busy || upload.isUploading}
      />
    </form>
  )
}
