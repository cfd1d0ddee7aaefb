import { zodResolver } from '@hookform/resolvers/zod'
import { CONDITION_LABELS, LISTING_CONDITIONS, type ListingCondition } from '@shared/domain'
import { centsToInput, parsePriceToCents } from '@shared/money'
import { LISTING_DESCRIPTION_MAX, LISTING_IMAGES_MAX, type ListingInput } from '@shared/schemas/listing'
import { MAX_UPLOAD_BYTES } from '@shared/uploads'
import { useForm, useWatch } from 'react-hook-form'
import { ChoiceFieldset, RadioCards } from '@/components/choice-fieldset'
import { FormActions } from '@/components/form-actions'
import { MarkedInput } from '@/components/marked-input'
import { iconLabel, SelectField } from '@/components/select-field'
import { TitleDescriptionFields } from '@/components/title-description-fields'
import { FormField, fieldAriaProps } from '@/components/ui/form-field'
import { ImageUploader } from '@/features/uploads/image-uploader'
import { type ExistingImage, useImageUploads } from '@/features/uploads/use-image-uploads'
import { useViewer } from '@/lib/auth'
import { describeError } from '@/lib/errors'
import { toastFirstError } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import {
  type ListingFormInput,
  type ListingFormOutput,
  listingFormSchema,
  listingInputOf,
} from './listing-form-schema'
import { isBookSubcategory, ListingTagFields } from './listing-tag-fields'

export type ListingFormDefaults = {
  title?: string
  description?: string
  priceCents?: number
  mainCategoryId?: number | null
  subcategoryId?: number | null
  condition?: ListingCondition
  courseId?: number | null
  disciplineIds?: readonly number[]
  isbn?: string | null
  /** Photos already stored, in order (edit mode). */
  images?: readonly ExistingImage[]
}

export type ListingFormProps = {
  mode: 'create' | 'edit'
  defaultValues?: ListingFormDefaults
  /** Receives the server's input; may throw (the caller toasts). The form stays busy until it settles. */
  onSubmit: (input: ListingInput) => Promise<void>
  onCancel?: () => void
  className?: string
}

const MAX_MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024))

/** Create and edit a listing: text fields, price, categories, condition and 1–5 photos. */
export function ListingForm({ mode, defaultValues = {}, onSubmit, onCancel, className }: ListingFormProps) {
  const initialImages = defaultValues.images ?? []
  const form = useForm<ListingFormInput, unknown, ListingFormOutput>({
    resolver: zodResolver(listingFormSchema),
    defaultValues: {
      title: defaultValues.title ?? '',
      description: defaultValues.description ?? '',
      price: defaultValues.priceCents ? centsToInput(defaultValues.priceCents) : '',
      mainCategoryId: defaultValues.mainCategoryId ?? 0,
      subcategoryId: defaultValues.subcategoryId ?? 0,
      condition: defaultValues.condition,
      courseId: defaultValues.courseId ?? 0,
      disciplineIds: [...(defaultValues.disciplineIds ?? [])],
      isbn: defaultValues.isbn ?? '',
      imageIds: initialImages.map((image) => image.id),
    },
  })
  const { errors, isSubmitting, isSubmitted } = form.formState
  const uploads = useImageUploads({
    kind: 'listing',
    max: LISTING_IMAGES_MAX,
    initial: initialImages,
    onChange: (ids) => form.setValue('imageIds', ids, { shouldDirty: true, shouldValidate: isSubmitted }),
  })
  const categories = trpc.listings.categories.useQuery(undefined, { staleTime: 5 * 60_000 })
  const mainCategoryId = useWatch({ control: form.control, name: 'mainCategoryId' })
  const subcategoryId = useWatch({ control: form.control, name: 'subcategoryId' })
  const subcategories =
    categories.data?.find((category) => category.id === mainCategoryId)?.subcategories ?? []
  const isBook = isBookSubcategory(
    subcategories.find((subcategory) => subcategory.id === subcategoryId)?.name,
  )
  const { viewer } = useViewer()

  const submit = form.handleSubmit(async (values) => {
    // Enter in a text field must not publish while photos are still on their way.
    if (uploads.isUploading) {
      toast.error('Aguarde o envio das fotos')
      return
    }
    await onSubmit(listingInputOf(values))
  }, toastFirstError)

  const busy = isSubmitting
  const submitLabel = uploads.isUploading
    ? 'Enviando fotos...'
    : busy
      ? mode === 'create'
        ? 'Publicando...'
        : 'Salvando...'
      : mode === 'create'
        ? 'Publicar anúncio'
        : 'Salvar alterações'

  const ids = {
    price: `listing-${mode}-price`,
    main: `listing-${mode}-main-category`,
    sub: `listing-${mode}-subcategory`,
    condition: `listing-${mode}-condition`,
    photos: `listing-${mode}-photos`,
  }
  const photosHint = `De 1 a ${LISTING_IMAGES_MAX} fotos (JPG, PNG, WebP ou GIF, até ${MAX_MB}MB cada). A primeira foto é a capa do anúncio; use as setas para reordenar.`
  const categoriesError = categories.error
    ? describeError(categories.error, 'Erro ao carregar categorias').title
    : undefined

  return (
    <form onSubmit={submit} noValidate className={cn('grid gap-6', className)} aria-busy={busy}>
      <TitleDescriptionFields
        form={form}
        idPrefix={`listing-${mode}`}
        descriptionMax={LISTING_DESCRIPTION_MAX}
        titlePlaceholder="Ex.: Calculadora HP 12c"
        descriptionPlaceholder="Conte os detalhes: estado, tamanho, o que acompanha, como entregar..."
      />

      <FormField label="Preço" htmlFor={ids.price} error={errors.price?.message}>
        <MarkedInput
          mark="R$"
          id={ids.price}
          required
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          className="pl-10"
          {...fieldAriaProps(ids.price, { error: errors.price?.message })}
          {...form.register('price', {
            // '12,5' becomes '12,50': the user sees the price exactly as buyers will.
            onBlur: (event: { target: { value: string } }) => {
              const cents = parsePriceToCents(event.target.value)
              if (Number.isFinite(cents) && cents > 0) form.setValue('price', centsToInput(cents))
            },
          })}
        />
      </FormField>

      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="mainCategoryId"
          id={ids.main}
          label="Categoria principal"
          placeholder={categories.isLoading ? 'Carregando...' : 'Selecione'}
          options={(categories.data ?? []).map((category) => ({
            value: String(category.id),
            label: iconLabel(category.icon, category.name),
          }))}
          disabled={!categories.data}
          parse={Number}
          // A subcategory belongs to one main category: a new main category starts over.
          onPicked={() => form.setValue('subcategoryId', 0, { shouldDirty: true })}
          fallbackError={categoriesError}
        />

        <SelectField
          control={form.control}
          name="subcategoryId"
          id={ids.sub}
          label="Subcategoria"
          placeholder={mainCategoryId ? 'Selecione' : 'Escolha a categoria principal'}
          options={subcategories.map((subcategory) => ({
            value: String(subcategory.id),
            label: iconLabel(subcategory.icon, subcategory.name),
          }))}
          disabled={subcategories.length === 0}
          parse={Number}
        />
      </div>

      <ChoiceFieldset id={ids.condition} legend="Condição" error={errors.condition?.message}>
        <div className="grid grid-cols-3 gap-2">
          <RadioCards
            values={LISTING_CONDITIONS}
            labels={CONDITION_LABELS}
            cardClassName="justify-center"
            {...form.register('condition')}
          />
        </div>
      </ChoiceFieldset>

      <ListingTagFields
        form={form}
        mode={mode}
        idPrefix={`listing-${mode}`}
        suggestedCourseId={viewer?.courseId ?? null}
        isBook={isBook}
        disabled={busy}
      />

      <FormField label="Fotos" htmlFor={ids.photos} error={errors.imageIds?.message} hint={photosHint}>
        <ImageUploader
          id={ids.photos}
          uploads={uploads}
          disabled={busy}
          invalid={Boolean(errors.imageIds)}
          describedBy={
            fieldAriaProps(ids.photos, { error: errors.imageIds?.message, hint: photosHint })[
              'aria-describedby'
            ]
          }
        />
      </FormField>

      <FormActions
        onCancel={onCancel}
        cancelDisabled={busy}
        submitLabel={submitLabel}
        submitDisabled={busy || uploads.isUploading}
      />
    </form>
  )
}
