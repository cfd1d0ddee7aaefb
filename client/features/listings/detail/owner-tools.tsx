import { PencilIcon, TriangleAlertIcon } from 'lucide-react'
import { LabelledSection } from '@/components/labelled-section'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { PublishingClosedNote, usePublishingClosed } from '@/features/semesters/publishing-closed'
import { trpc } from '@/lib/trpc'
import { DeleteListingDialog } from '../delete-listing-dialog'
import { ListingStatusSelect } from '../listing-status-select'
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
  const removed = listing.moderationStatus === 'removed'
  const statusId = `listing-${listing.id}-status`
  const closed = usePublishingClosed()
  const editClosedId = `listing-${listing.id}-edit-closed`

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
          <ListingStatusSelect
            listing={listing}
            id={statusId}
            className="sm:w-60"
            closedNoteId={editClosedId}
            onChanged={(status) =>
              utils.listings.byId.setData({ id: listing.id }, (old) => (old ? { ...old, status } : old))
            }
          />
          <p className="text-muted-foreground text-sm">
            {listing.status === 'ativo'
              ? 'Marque como Vendido ou Inativo para tirar o anúncio do ar.'
              : 'Este anúncio não aparece para outros membros enquanto não estiver Ativo.'}
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {removed ? null : (
          <Button
            type="button"
            onClick={onEdit}
            disabled={Boolean(closed)}
            aria-describedby={closed ? editClosedId : undefined}
          >
            <PencilIcon aria-hidden="true" />
            Editar
          </Button>
        )}
        <DeleteListingDialog listingId={listing.id} listingTitle={listing.title} onDeleted={onDeleted} />
      </div>
      {closed && !removed ? <PublishingClosedNote id={editClosedId} reason={closed} /> : null}
    </LabelledSection>
  )
}
