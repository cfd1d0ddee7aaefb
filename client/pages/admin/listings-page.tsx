import type { ModerationStatus } from '@shared/domain'
import { formatPrice } from '@shared/money'
import { routes } from '@shared/routes'
import { PackageIcon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { ItemRow } from '@/components/item-row'
import { ListQueryStates } from '@/components/page/list-query-states'
import { RemoveButton } from '@/components/remove-button'
import { AdminLayout } from '@/features/admin/admin-layout'
import { FilterTabs } from '@/features/admin/filter-tabs'
import { type RemovalTarget, RemoveListingDialog } from '@/features/admin/remove-listing-dialog'
import { ListingStatusBadge } from '@/features/listings/listing-status-badge'
import type { RouterOutputs } from '@/lib/api-types'
import { formatDate } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { whenClosed } from '@/lib/when-closed'

type Filter = 'all' | ModerationStatus
type AdminListing = RouterOutputs['admin']['listings']['list'][number]

const FILTERS: { value: Filter; label: string; empty: string }[] = [
  { value: 'all', label: 'Todos', empty: 'Nenhum anúncio na comunidade ainda.' },
  { value: 'active', label: 'Ativos', empty: 'Nenhum anúncio ativo.' },
  { value: 'removed', label: 'Removidos', empty: 'Nenhum anúncio foi removido.' },
]

/** `/admin/anuncios`: listing moderation, for administrators and moderators. */
export function AdminListingsPage() {
  return (
    <AdminLayout title="Anúncios" description="Remova anúncios que desrespeitam as regras da comunidade.">
      <ListingsAdmin />
    </AdminLayout>
  )
}

function ListingsAdmin() {
  const [filter, setFilter] = useState<Filter>('all')
  const [removing, setRemoving] = useState<RemovalTarget | null>(null)
  const listings = trpc.admin.listings.list.useQuery({ filter })
  const empty = FILTERS.find((item) => item.value === filter)?.empty

  return (
    <>
      <FilterTabs tabs={FILTERS} value={filter} onValueChange={setFilter} label="Filtrar anúncios">
        <ListQueryStates
          query={listings}
          items="anúncios"
          empty={{
            icon: <PackageIcon aria-hidden="true" />,
            title: 'Nenhum anúncio aqui',
            description: empty,
          }}
        >
          {(rows) => (
            <ul className="grid gap-3">
              {rows.map((listing) => (
                <ListingRow
                  key={listing.id}
                  listing={listing}
                  onRemove={() => setRemoving({ id: listing.id, title: listing.title })}
                />
              ))}
            </ul>
          )}
        </ListQueryStates>
      </FilterTabs>
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
