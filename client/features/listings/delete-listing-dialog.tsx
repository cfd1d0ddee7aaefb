import { Trash2Icon } from 'lucide-react'
import { type MouseEvent, type ReactNode, useState } from 'react'
import { toast } from 'sonner'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button, buttonVariants } from '@/components/ui/button'
import { toastError } from '@/lib/errors'
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

/** 'Excluir produto?' confirmation; the dialog stays open, busy, until the server answers. */
export function DeleteListingDialog({
  listingId,
  listingTitle,
  onDeleted,
  trigger,
}: DeleteListingDialogProps) {
  const [open, setOpen] = useState(false)
  const invalidateListings = useInvalidateListings()
  const remove = trpc.listings.delete.useMutation()

  const confirm = async (event: MouseEvent) => {
    // Radix closes on Action; keep it open so a failure can be retried and the busy label seen.
    event.preventDefault()
    try {
      await remove.mutateAsync({ id: listingId })
      toast.success('Produto deletado com sucesso')
      setOpen(false)
      onDeleted?.()
      void invalidateListings('deleted')
    } catch (error) {
      toastError(error, 'Erro ao deletar produto')
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => (remove.isPending ? undefined : setOpen(next))}>
      <AlertDialogTrigger asChild>
        {trigger ?? (
          <Button type="button" variant="outline" className="text-destructive hover:text-destructive">
            <Trash2Icon aria-hidden="true" />
            Excluir
          </Button>
        )}
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Excluir produto?</AlertDialogTitle>
          <AlertDialogDescription>
            “{listingTitle}” e suas fotos serão excluídos permanentemente. Esta ação não pode ser desfeita.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={remove.isPending}
            onClick={confirm}
          >
            {remove.isPending ? 'Excluindo...' : 'Excluir'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
