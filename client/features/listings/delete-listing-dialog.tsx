import { type ReactNode, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { RemoveButton } from '@/components/remove-button'
import { saveThenClose } from '@/lib/save-then-close'
import { trpc } from '@/lib/trpc'
import { useInvalidateListings } from './use-invalidate-listings'

type DeleteListingDialogProps = {
  listingId: number
  listingTitle: string
  /** Runs after the listing is gone (e.g. leave its page). */
  onDeleted?: () => void
  /** Replaces the default 'Excluir' button; must accept a ref (Radix asChild). */
  trigger?: ReactNode
}

/** 'Excluir anúncio?' confirmation; the dialog stays open, busy, until the server answers. */
export function DeleteListingDialog({
  listingId,
  listingTitle,
  onDeleted,
  trigger,
}: DeleteListingDialogProps) {
  const [open, setOpen] = useState(false)
  const invalidateListings = useInvalidateListings()
  const remove = trpc.listings.delete.useMutation()

  const confirm = () =>
    saveThenClose(() => remove.mutateAsync({ id: listingId }), {
      saved: 'Anúncio excluído com sucesso',
      failed: 'Erro ao excluir anúncio',
      onDone: () => {
        setOpen(false)
        onDeleted?.()
      },
      refresh: () => invalidateListings('deleted'),
    })

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger ?? <RemoveButton type="button">Excluir</RemoveButton>}
      title="Excluir anúncio?"
      description={`“${listingTitle}” e suas fotos serão excluídos permanentemente. Esta ação não pode ser desfeita.`}
      confirmLabel="Excluir"
      busyLabel="Excluindo..."
      busy={remove.isPending}
      onConfirm={() => void confirm()}
    />
  )
}
