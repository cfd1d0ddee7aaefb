import { LISTING_STATUS_LABELS, LISTING_STATUSES, type ListingStatus } from '@shared/domain'
import { PencilIcon, TriangleAlertIcon } from 'lucide-react'
import { LabelledSection } from '@/components/labelled-section'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { DeleteListingDialog } from '../delete-listing-dialog'
import { useInvalidateListings } from '../use-invalidate-listings'
import type { Listing } from './listing-reactions'

/** Removed by moderation: the seller learns why and can no longer edit or reactivate it. */
export function RemovalNotice({ reason }: { reason: string | null }) {
  return (
    <div
      role="note"
      className="flex gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm"
    >
      <TriangleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold text-destructive">Removido pela moderação</p>
        <p className="whitespace-pre-line">{reason?.trim() || 'Nenhum motivo foi informado.'}</p>
        <p className="text-muted-foreground">
          Este anúncio não aparece para outros membros e não pode ser editado.
        </p>
      </div>
    </div>
  )
}

type OwnerToolsProps = {
  listing: Listing
  onEdit: () => void
  onDeleted: () => void
}

/** The seller's controls on their own listing: edit, Ativo/Vendido/Inativo, delete. */
export function OwnerTools({ listing, onEdit, onDeleted }: OwnerToolsProps) {
  const utils = trpc.useUtils()
  const invalidateListings = useInvalidateListings()
  const removed = listing.moderationStatus === 'removed'
  const setStatus = trpc.listings.setStatus.useMutation({
    onSuccess: ({ status }) => {
      utils.listings.byId.setData({ id: listing.id }, (old) => (old ? { ...old, status } : old))
      toast.success(`Status alterado para ${LISTING_STATUS_LABELS[status]}`)
      void invalidateListings('statusChanged')
    },
    onError: (error) => toastError(error, 'Erro ao atualizar status'),
  })
  const statusId = `listing-${listing.id}-status`

  return (
    <LabelledSection
      id="owner-tools-heading"
      title="Gerenciar anúncio"
      className="grid gap-4 rounded-xl border bg-card p-4"
      headingClassName="font-semibold"
    >
      {removed ? (
        <RemovalNotice reason={listing.removalReason} />
      ) : (
        <div className="grid gap-2">
          <Label htmlFor={statusId}>Status</Label>
          <Select
            value={setStatus.isPending && setStatus.variables ? setStatus.variables.status : listing.status}
            disabled={setStatus.isPending}
            onValueChange={(value) => setStatus.mutate({ id: listing.id, status: value as ListingStatus })}
          >
            <SelectTrigger id={statusId} className="w-full sm:w-60">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LISTING_STATUSES.map((status) => (
                <SelectItem key={status} value={status}>
                  {LISTING_STATUS_LABELS[status]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="text-muted-foreground text-sm">
            {listing.status === 'ativo'
              ? 'Marque como Vendido ou Inativo para tirar o anúncio do ar.'
              : 'Este anúncio não aparece para outros membros enquanto não estiver Ativo.'}
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {removed ? null : (
          <Button type="button" onClick={onEdit}>
            <PencilIcon aria-hidden="true" />
            Editar
          </Button>
        )}
        <DeleteListingDialog listingId={listing.id} listingTitle={listing.title} onDeleted={onDeleted} />
      </div>
    </LabelledSection>
  )
}
