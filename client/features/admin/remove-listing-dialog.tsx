import { zodResolver } from '@hookform/resolvers/zod'
import { REMOVAL_REASON_LABELS, REMOVAL_REASONS, removeListingSchema } from '@shared/schemas/admin'
import { useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { ChoiceFieldset, RadioCards } from '@/components/choice-fieldset'
import { DialogForm } from '@/components/dialog-form'
import { TargetDialog } from '@/components/editor-dialog'
import { TextareaField } from '@/components/text-fields'
import { useInvalidateListings } from '@/features/listings/use-invalidate-listings'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

/** A listing, or a Procura-se post: both are removed the same way, with a reason their author reads. */
export type RemovalTarget = { id: number; title: string; kind?: 'listing' | 'wanted' }

const TEXTS = {
  listing: {
    title: 'Remover anúncio',
    description: (title: string) =>
      `“${title}” deixará de aparecer no portal. O vendedor verá o motivo escolhido. Esta ação não pode ser desfeita.`,
    done: 'Anúncio removido com sucesso!',
    failed: 'Erro ao remover anúncio',
  },
  wanted: {
    title: 'Remover pedido',
    description: (title: string) =>
      `“${title}” deixará de aparecer no Procura-se. Quem pediu verá o motivo escolhido. Esta ação não pode ser desfeita.`,
    done: 'Pedido removido com sucesso!',
    failed: 'Erro ao remover pedido',
  },
}

type RemovalInput = z.input<typeof removeListingSchema>

/** Removing an active listing or wanted post: the reason (one of four, or 'Outro motivo' with a text) is required. */
export function RemoveListingDialog({
  listing,
  onOpenChange,
}: {
  /** The listing being removed; null closes the dialog. */
  listing: RemovalTarget | null
  onOpenChange: (open: boolean) => void
}) {
  return (
    <TargetDialog target={listing} onOpenChange={onOpenChange} keyOf={(target) => target.id}>
      {(target, onDone) => <RemovalForm listing={target} onDone={onDone} />}
    </TargetDialog>
  )
}

function RemovalForm({ listing, onDone }: { listing: RemovalTarget; onDone: () => void }) {
  const baseId = useId()
  const detailsId = `${baseId}-details`
  const utils = trpc.useUtils()
  const invalidateListings = useInvalidateListings()
  const form = useForm<RemovalInput>({
    resolver: zodResolver(removeListingSchema),
    // No reason is preselected: removing is deliberate.
    defaultValues: { id: listing.id, details: '' },
  })
  const { errors } = form.formState
  const reason = useWatch({ control: form.control, name: 'reason' })

  const kind = listing.kind ?? 'listing'
  const texts = TEXTS[kind]
  const handlers = {
    onSuccess: async () => {
      toast.success(texts.done)
      onDone()
      await Promise.all([
        utils.admin.listings.list.invalidate(),
        utils.admin.listings.preview.invalidate(),
        utils.admin.dashboard.summary.invalidate(),
        utils.wanted.board.invalidate(),
        invalidateListings('statusChanged'),
      ])
    },
    onError: (error: unknown) => toastError(error, texts.failed),
  }
  const removeListing = trpc.admin.listings.remove.useMutation(handlers)
  const removeWanted = trpc.wanted.remove.useMutation(handlers)
  const remove = kind === 'wanted' ? removeWanted : removeListing

  const submit = form.handleSubmit((values) => {
    // The text only travels with 'Outro motivo'; the other reasons are the server's own labels.
    remove.mutate({
      id: values.id,
      reason: values.reason,
      ...(values.reason === 'other' ? { details: values.details } : {}),
    })
  }, toastFirstError)

  return (
    <DialogForm
      title={texts.title}
      description={texts.description(listing.title)}
      onSubmit={submit}
      submitLabel={texts.title}
      busy={remove.isPending}
      busyLabel="Removendo..."
      destructive
    >
      <ChoiceFieldset id={`${baseId}-reason`} legend="Motivo da remoção" error={errors.reason?.message}>
        <RadioCards
          values={REMOVAL_REASONS}
          labels={REMOVAL_REASON_LABELS}
          disabled={remove.isPending}
          {...form.register('reason')}
        />
      </ChoiceFieldset>

      {reason === 'other' ? (
        <TextareaField
          label="Descreva o motivo"
          rows={3}
          maxLength={500}
          required
          disabled={remove.isPending}
          {...boundField(form, 'details', detailsId)}
        />
      ) : null}
    </DialogForm>
  )
}
