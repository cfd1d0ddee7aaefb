import type { ModerationStatus } from '@shared/domain'
import { formatPrice } from '@shared/money'
import { routes } from '@shared/routes'
import { PackageIcon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { ItemRow } from '@/components/item-row'
import { RemoveButton } from '@/components/remove-button'
import { type RemovalTarget, RemoveListingDialog } from '@/features/admin/remove-listing-dialog'
import { ListingStatusBadge } from '@/features/listings/listing-status-badge'
import type { RouterOutputs } from '@/lib/api-types'
import { formatDate } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { whenClosed } from '@/lib/when-closed'
import { adminPage } from './admin-frame'
import { FilteredList } from './filtered-list'

type Filter = 'all' | ModerationStatus
type AdminListing = RouterOutputs['admin']['listings']['list'][number]

const FILTERS: { value: Filter; label: string; empty: string }[] = [
  { value: 'all', label: 'Todos', empty: 'Nenhum anúncio na comunidade ainda.' },
  { value: 'active', label: 'Ativos', empty: 'Nenhum anúncio ativo.' },
  { value: 'removed', label: 'Removidos', empty: 'Nenhum anúncio foi removido.' },
]

/** `/admin/anuncios`: listing moderation, for administrators and moderators. */
export const AdminListingsPage = adminPage(
  { title: 'Anúncios', description: 'Remova anúncios que desrespeitam as regras da comunidade.' },
  ListingsAdmin,
)

function ListingsAdmin() {
  const [filter, setFilter] = useState<Filter>('all')
  const [removing, setRemoving] = useState<RemovalTarget | null>(null)
  const listings = trpc.admin.listings.list.useQuery({ filter })

  return (
    <>
      <FilteredList
        tabs={FILTERS}
        value={filter}
        onValueChange={setFilter}
        label="Filtrar anúncios"
        query={listings}
        items="anúncios"
        empty={{ icon: <PackageIcon aria-hidden="true" />, title: 'Nenhum anúncio aqui' }}
      >
        {(listing) => (
          <ListingRow
            key={listing.id}
            listing={listing}
            onRemove={() => setRemoving({ id: listing.id, title: listing.title })}
          />
        )}
      </FilteredList>
      <RemoveListingDialog listing={removing} onOpenChange={whenClosed(() => setRemoving(null))} />
    </>
  )
}

function ListingRow({ listing, onRemove }: { listing: AdminListing; onRemove: () => void }) {
  const removed = listing.moderationStatus === 'removed'
  return (
    <ItemRow spacing="roomy">
      <div className="grid min-w-0 gap-1">
        <Link href={routes.admin.listing(listing.id)} className="break-words font-semibold hover:underline">
          {listing.title}
        </Link>
        <p className="text-muted-foreground text-sm">
          {formatPrice(listing.priceCents)} · {listing.seller.fullName}
          {listing.seller.username ? ` (@${listing.seller.username})` : ''} · {formatDate(listing.createdAt)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <ListingStatusBadge status={listing.status} moderationStatus={listing.moderationStatus} />
        </div>
        {removed && listing.removalReason ? (
          <p className="text-sm">
            <span className="font-medium">Motivo:</span> {listing.removalReason}
          </p>
        ) : null}
      </div>
      {removed ? null : (
        <RemoveButton
          className="self-start sm:self-center"
          onClick={onRemove}
          aria-label={`Remover anúncio ${listing.title}`}
        >
          Remover
        </RemoveButton>
      )}
    </ItemRow>
  )
}

export default AdminListingsPage
