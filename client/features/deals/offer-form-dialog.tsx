import { zodResolver } from '@hookform/resolvers/zod'
import { centsToInput, formatPrice, parsePriceToCents } from '@shared/money'
import { offerAmountSchema } from '@shared/schemas/offers'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { DialogForm } from '@/components/dialog-form'
import { TargetDialog } from '@/components/editor-dialog'
import { InputField } from '@/components/text-fields'
import { toastFirstError } from '@/lib/form-errors'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { mergeOffer } from './offer-cache'

/** The amount typed in reais, checked by the server's own rule once in centavos. */
const offerFormSchema = z.object({
  amount: z
    .string()
    .transform((value) => (value.trim() === '' ? Number.NaN : parsePriceToCents(value)))
    .pipe(offerAmountSchema),
})
type OfferFormInput = z.input<typeof offerFormSchema>
type OfferFormOutput = z.output<typeof offerFormSchema>

/** What the dialog sends: a new offer in the conversation, or a counter to the open offer. */
export type OfferTarget =
  | { kind: 'make'; conversationId: number; dealId: number | undefined }
  | { kind: 'counter'; conversationId: number; offerId: number; amountCents: number }

/** "Fazer uma oferta" (the buyer) or "Contraproposta" (the side an open offer was made to). */
export function OfferFormDialog({
  target,
  listingPriceCents,
  onOpenChange,
}: {
  target: OfferTarget | null
  listingPriceCents: number | null
  onOpenChange: (open: boolean) => void
}) {
  return (
    <TargetDialog target={target} onOpenChange={onOpenChange}>
      {(opened, onDone) => (
        <OfferForm target={opened} listingPriceCents={listingPriceCents} onDone={onDone} />
      )}
    </TargetDialog>
  )
}

function OfferForm({
  target,
  listingPriceCents,
  onDone,
}: {
  target: OfferTarget
  listingPriceCents: number | null
  onDone: () => void
}) {
  const id = useId()
  const utils = trpc.useUtils()
  const form = useForm<OfferFormInput, unknown, OfferFormOutput>({
    resolver: zodResolver(offerFormSchema),
    defaultValues: { amount: '' },
  })
  const counter = target.kind === 'counter'
  const handlers = {
    onSuccess: (offer: Parameters<typeof mergeOffer>[1]) => {
      // The live event does the same; this covers a connection that is down at the moment.
      utils.deals.offers.list.setData(
        { conversationId: target.conversationId, dealId: offer.dealId },
        (data) => (data ? mergeOffer(data, offer) : data),
      )
      void utils.deals.offers.list.invalidate({ conversationId: target.conversationId })
      void utils.deals.ofConversation.invalidate({ conversationId: target.conversationId })
      toast.success(counter ? 'Contraproposta enviada!' : 'Oferta enviada!')
      onDone()
    },
    onError: (error: unknown) =>
      toastError(error, counter ? 'Erro ao enviar contraproposta' : 'Erro ao enviar oferta'),
  }
  const make = trpc.deals.offers.make.useMutation(handlers)
  const answer = trpc.deals.offers.counter.useMutation(handlers)
  const busy = make.isPending || answer.isPending

  const submit = form.handleSubmit(({ amount }) => {
    if (target.kind === 'counter') answer.mutate({ offerId: target.offerId, amountCents: amount })
    else make.mutate({ conversationId: target.conversationId, dealId: target.dealId, amountCents: amount })
  }, toastFirstError)

  const reference = [
    listingPriceCents !== null ? `Preço do anúncio: ${formatPrice(listingPriceCents)}.` : null,
    counter ? `Oferta recebida: ${formatPrice(target.amountCents)}.` : null,
  ]
    .filter(Boolean)
    .join(' ')

  return (
    <DialogForm
      title={counter ? 'Fazer uma contraproposta' : 'Fazer uma oferta'}
      description={`${reference} A outra pessoa tem 48 horas para responder. O preço do anúncio não muda.`}
      onSubmit={submit}
      submitLabel={counter ? 'Enviar contraproposta' : 'Enviar oferta'}
      busy={busy}
      busyLabel="Enviando..."
    >
      <InputField
        id={`${id}-amount`}
        label="Valor (R$)"
        error={form.formState.errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        disabled={busy}
        {...form.register('amount', {
          onBlur: (event: { target: { value: string } }) => {
            const cents = parsePriceToCents(event.target.value)
            if (Number.isFinite(cents) && cents > 0) form.setValue('amount', centsToInput(cents))
          },
        })}
      />
    </DialogForm>
  )
}

export default OfferFormDialog
