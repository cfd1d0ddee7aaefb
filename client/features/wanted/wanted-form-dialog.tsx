import { zodResolver } from '@hookform/resolvers/zod'
import { centsToInput, parsePriceToCents } from '@shared/money'
import { WANTED_DAYS_MAX, WANTED_DETAILS_MAX } from '@shared/schemas/wanted'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { DialogForm } from '@/components/dialog-form'
import { ItemOptions, NativeSelect } from '@/components/native-select'
import { InputField, TextareaField } from '@/components/text-fields'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { FormField, fieldAriaProps } from '@/components/ui/form-field'
import { IntegrityRefusal, integrityRefusalOf } from '@/features/integrity/integrity-refusal'
import type { RouterOutputs } from '@/lib/api-types'
import { boundField } from '@/lib/bound-field'
import { useFieldIds } from '@/lib/field-ids'
import { toastFirstError } from '@/lib/form-errors'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import {
  type WantedFormInput,
  type WantedFormOutput,
  wantedFormDefaults,
  wantedFormSchema,
} from './wanted-form-schema'

export type EditableWanted = Pick<
  RouterOutputs['wanted']['mine'][number],
  'id' | 'title' | 'mainCategoryId' | 'maxPriceCents' | 'details'
>

/** 'Publicar pedido' (no post) or 'Editar pedido' (the post): what, which category, up to how much, for how long. */
export function WantedFormDialog({
  open,
  post,
  onOpenChange,
}: {
  open: boolean
  post: EditableWanted | null
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? <WantedForm key={post?.id ?? 'novo'} post={post} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function WantedForm({ post, onDone }: { post: EditableWanted | null; onDone: () => void }) {
  const ids = useFieldIds('title', 'category', 'price', 'days', 'details')
  const utils = trpc.useUtils()
  const categories = trpc.listings.categories.useQuery(undefined, { staleTime: 5 * 60_000 })
  const form = useForm<WantedFormInput, unknown, WantedFormOutput>({
    resolver: zodResolver(wantedFormSchema),
    defaultValues: wantedFormDefaults(post ?? undefined),
  })
  const { errors } = form.formState
  const [refusal, setRefusal] = useState<string | null>(null)
  const handlers = {
    onSuccess: async () => {
      toast.success(post ? 'Pedido atualizado!' : 'Pedido publicado no Procura-se!')
      onDone()
      await Promise.all([utils.wanted.board.invalidate(), utils.wanted.mine.invalidate()])
    },
    onError: (error: unknown) => {
      setRefusal(integrityRefusalOf(error))
      return toastError(error, post ? 'Erro ao salvar pedido' : 'Erro ao publicar pedido')
    },
  }
  const create = trpc.wanted.create.useMutation(handlers)
  const update = trpc.wanted.update.useMutation(handlers)
  const busy = create.isPending || update.isPending

  const submit = form.handleSubmit(({ maxPrice, details, ...values }) => {
    const input = { ...values, maxPriceCents: maxPrice, ...(details ? { details } : {}) }
    setRefusal(null)
    if (post) update.mutate({ id: post.id, ...input })
    else create.mutate(input)
  }, toastFirstError)

  return (
    <DialogForm
      title={post ? 'Editar pedido' : 'Publicar pedido'}
      description="Diga o que você procura. Quando alguém anunciar algo que combine, avisamos você."
      onSubmit={submit}
      submitLabel={post ? 'Salvar alterações' : 'Publicar pedido'}
      busy={busy}
      busyLabel={post ? 'Salvando...' : 'Publicando...'}
    >
      {refusal ? <IntegrityRefusal reason={refusal} /> : null}
      <InputField
        label="O que você procura?"
        autoComplete="off"
        maxLength={120}
        placeholder="Ex.: Calculadora científica"
        disabled={busy}
        {...boundField(form, 'title', ids.title)}
      />
      <FormField label="Categoria" htmlFor={ids.category} error={errors.mainCategoryId?.message}>
        <NativeSelect
          id={ids.category}
          disabled={busy || !categories.data}
          {...fieldAriaProps(ids.category, { error: errors.mainCategoryId?.message })}
          {...form.register('mainCategoryId')}
        >
          <option value="">{categories.isLoading ? 'Carregando...' : 'Selecione'}</option>
          <ItemOptions items={categories.data ?? []} label={(category) => category.name} />
        </NativeSelect>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={ids.price}
          label="Pago até (opcional)"
          error={errors.maxPrice?.message}
          hint="Em branco: qualquer preço."
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          disabled={busy}
          {...form.register('maxPrice', {
            onBlur: (event: { target: { value: string } }) => {
              const cents = parsePriceToCents(event.target.value)
              if (Number.isFinite(cents) && cents > 0) form.setValue('maxPrice', centsToInput(cents))
            },
          })}
        />
        <InputField
          label="Fica no ar por (dias)"
          hint={`De 1 a ${WANTED_DAYS_MAX} dias.`}
          type="number"
          inputMode="numeric"
          min={1}
          max={WANTED_DAYS_MAX}
          disabled={busy}
          {...boundField(form, 'days', ids.days)}
        />
      </div>
      <TextareaField
        label="Detalhes (opcional)"
        rows={3}
        maxLength={WANTED_DETAILS_MAX}
        placeholder="Modelo, edição, tamanho, como prefere combinar..."
        disabled={busy}
        {...boundField(form, 'details', ids.details)}
      />
    </DialogForm>
  )
}
