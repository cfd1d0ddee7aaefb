import { LISTING_STATUS_LABELS, LISTING_STATUSES, type ListingStatus } from '@shared/domain'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { PublishingClosedNote, usePublishingClosed } from '@/features/semesters/publishing-closed'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { useInvalidateListings } from './use-invalidate-listings'

type ListingStatusSelectProps = {
  listing: { id: number; title: string; status: ListingStatus }
  /** The trigger's id, for a visible `<Label htmlFor>`. */
  id: string
  /** The accessible name when the visible label alone would not say which listing (a list of cards). */
  'aria-label'?: string
  className?: string
  /** Runs with the new status once the server has it, to patch the cache the caller reads. */
  onChanged?: (status: ListingStatus) => void
  /** The id of the caller's note saying why publishing is closed; without it, the select shows its own. */
  closedNoteId?: string
}

/**
 * The seller's Ativo / Vendido / Inativo picker for an own listing. It shows the chosen status while the
 * server answers and stays disabled until then; a refusal comes back as a toast and the old status.
 */
export function ListingStatusSelect({
  listing,
  id,
  'aria-label': ariaLabel,
  className,
  onChanged,
  closedNoteId,
}: ListingStatusSelectProps) {
  const invalidateListings = useInvalidateListings()
  const setStatus = trpc.listings.setStatus.useMutation({
    onSuccess: ({ status }) => {
      onChanged?.(status)
      toast.success(`Status alterado para ${LISTING_STATUS_LABELS[status]}`)
      void invalidateListings('statusChanged')
    },
    onError: (error) => toastError(error, 'Erro ao atualizar status'),
  })
  const closed = usePublishingClosed()
  // An egresso takes a listing down but puts none back on the portal: 'Ativo' waits for the confirmation.
  const noteId =
    closed && listing.status !== 'ativo' ? (closedNoteId ?? `${id}-publishing-closed`) : undefined

  const select = (
    <Select
      value={setStatus.isPending && setStatus.variables ? setStatus.variables.status : listing.status}
      disabled={setStatus.isPending}
      onValueChange={(value) => setStatus.mutate({ id: listing.id, status: value as ListingStatus })}
    >
      <SelectTrigger
        id={id}
        aria-label={ariaLabel}
        aria-describedby={noteId}
        className={cn('w-full', className)}
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {LISTING_STATUSES.map((status) => (
          <SelectItem key={status} value={status} disabled={Boolean(noteId) && status === 'ativo'}>
            {LISTING_STATUS_LABELS[status]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
  if (!closed || !noteId || closedNoteId) return select
  return (
    <div className="grid gap-1.5">
      {select}
      <PublishingClosedNote id={noteId} reason={closed} />
    </div>
  )
}
