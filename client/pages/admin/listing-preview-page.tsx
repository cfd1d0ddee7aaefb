import { CONDITION_LABELS } from '@shared/domain'
import { formatPrice } from '@shared/money'
import { routes } from '@shared/routes'
import { ArrowLeftIcon, ExternalLinkIcon, PackageOpenIcon, ShieldAlertIcon } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'wouter'
import { EmptyState, ListSkeleton, LoadError } from '@/components/query-states'
import { RemoveButton } from '@/components/remove-button'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { AdminLayout } from '@/features/admin/admin-layout'
import { type RemovalTarget, RemoveListingDialog } from '@/features/admin/remove-listing-dialog'
import { ListingGallery } from '@/features/listings/detail/listing-gallery'
import { ListingStatusBadge } from '@/features/listings/listing-status-badge'
import type { RouterOutputs } from '@/lib/api-types'
import { formatDate } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { whenClosed } from '@/lib/when-closed'

type Preview = RouterOutputs['admin']['listings']['preview']

/**
 * `/admin/anuncios/:id`: the moderation preview. Shows a listing of the community in any state (removed,
 * sold, paused) exactly as it stands, read-only, with why it left the portal.
 */
export function AdminListingPreviewPage() {
  const params = useParams<{ id: string }>()
  const raw = params.id ?? ''
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0
  return (
    <AdminLayout title="Prévia do anúncio" description="Como o anúncio está agora, sem contar visualização.">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link href={routes.admin.listings()}>
            <ArrowLeftIcon aria-hidden="true" />
            Voltar para Anúncios
          </Link>
        </Button>
      </div>
      <PreviewBody id={id} />
    </AdminLayout>
  )
}

function PreviewBody({ id }: { id: number }) {
  const query = trpc.admin.listings.preview.useQuery({ id }, { enabled: id > 0, retry: false })
  const [removing, setRemoving] = useState<RemovalTarget | null>(null)
  if (id <= 0 || query.error?.data?.httpStatus === 404) {
    return (
      <EmptyState
        icon={<PackageOpenIcon aria-hidden="true" />}
        title="Anúncio não encontrado"
        description="Ele foi excluído pelo vendedor ou não pertence à sua comunidade."
      />
    )
  }
  if (query.isError) {
    return <LoadError title="Erro ao carregar anúncio" query={query} />
  }
  if (!query.data) return <ListSkeleton rows={2} rowClassName="h-64" label="Carregando anúncio..." />
  const listing = query.data
  return (
    <>
      <PreviewDetails
        listing={listing}
        onRemove={() => setRemoving({ id: listing.id, title: listing.title })}
      />
      <RemoveListingDialog listing={removing} onOpenChange={whenClosed(() => setRemoving(null))} />
    </>
  )
}

function PreviewDetails({ listing, onRemove }: { listing: Preview; onRemove: () => void }) {
  const removed = listing.moderationStatus === 'removed'
  return (
    <article aria-labelledby="preview-title" className="grid gap-6 md:grid-cols-2 md:items-start">
      <ListingGallery images={listing.images} title={listing.title} />
      <div className="grid content-start gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <ListingStatusBadge status={listing.status} moderationStatus={listing.moderationStatus} />
          {listing.isLive ? <Badge variant="secondary">Visível no portal</Badge> : null}
          {!listing.isLive && !removed ? <Badge variant="outline">Fora do portal</Badge> : null}
        </div>
        {removed ? (
          <section
            aria-label="Remoção"
            className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
          >
            <ShieldAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
            <p>
              <span className="font-semibold">Motivo da remoção:</span>{' '}
              {listing.removalReason ?? 'Não informado'}
            </p>
          </section>
        ) : null}
        <div className="grid gap-1">
          <h2 id="preview-title" className="break-words font-bold text-xl md:text-2xl">
            {listing.title}
          </h2>
          <p className="font-extrabold text-2xl text-primary">{formatPrice(listing.priceCents)}</p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Vendedor</dt>
          <dd className="break-words">
            {listing.seller.fullName}
            {listing.seller.username ? ` (@${listing.seller.username})` : ''}
          </dd>
          <dt className="text-muted-foreground">Categoria</dt>
          <dd>
            {listing.mainCategoryName ?? 'Outros'}
            {listing.subcategoryName ? ` › ${listing.subcategoryName}` : ''}
          </dd>
          <dt className="text-muted-foreground">Condição</dt>
          <dd>{CONDITION_LABELS[listing.condition]}</dd>
          <dt className="text-muted-foreground">Publicado em</dt>
          <dd>{formatDate(listing.createdAt)}</dd>
          <dt className="text-muted-foreground">Visualizações</dt>
          <dd>{listing.views}</dd>
          <dt className="text-muted-foreground">Vupts</dt>
          <dd>{listing.vuptsCount}</dd>
        </dl>
        <section aria-labelledby="preview-description" className="grid gap-1">
          <h3 id="preview-description" className="font-semibold">
            Descrição
          </h3>
          <p className="whitespace-pre-line break-words text-sm leading-relaxed">{listing.description}</p>
        </section>
        <div className="flex flex-wrap gap-2">
          {listing.isLive ? (
            <Button asChild variant="outline">
              <Link href={routes.listing(listing.id)}>
                <ExternalLinkIcon aria-hidden="true" />
                Ver no portal
              </Link>
            </Button>
          ) : null}
          {removed ? null : <RemoveButton onClick={onRemove}>Remover</RemoveButton>}
        </div>
      </div>
    </article>
  )
}

export default AdminListingPreviewPage
