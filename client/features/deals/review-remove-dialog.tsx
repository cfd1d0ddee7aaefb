import { reviewRemovalSchema } from '@shared/schemas/reviews'
import { Trash2Icon } from 'lucide-react'
import { ReasonDialog } from '@/components/reason-dialog'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

/** A moderator's "Remover" on a profile's review, with the reason the moderation log keeps. */
export default function ReviewRemoveDialog({
  reviewId,
  reviewerName,
}: {
  reviewId: number
  reviewerName: string
}) {
  const utils = trpc.useUtils()
  const remove = trpc.deals.reviews.remove.useMutation({
    onSuccess: () => {
      toast.success('Avaliação removida.')
      void utils.profiles.byUsername.invalidate()
    },
    onError: (failure) => toastError(failure, 'Erro ao remover a avaliação'),
  })
  return (
    <ReasonDialog
      trigger={
        <>
          <Trash2Icon aria-hidden="true" />
          Remover
        </>
      }
      title="Remover a avaliação"
      description={`A avaliação de ${reviewerName} sai do perfil e da média. O motivo fica no registro da moderação.`}
      submitLabel="Remover avaliação"
      busyLabel="Removendo..."
      maxLength={500}
      input={(reason) => ({ reviewId, reason })}
      schema={reviewRemovalSchema}
      mutation={remove}
    />
  )
}
