import { formatPrice } from '@shared/money'
import { routes } from '@shared/routes'
import { EyeIcon, ImageIcon, PackageIcon, PencilIcon, PlusIcon, ZapIcon } from 'lucide-react'
import { Link } from 'wouter'
import { EditLink } from '@/components/edit-link'
import { IconText } from '@/components/icon-text'
import { LoadingStatus } from '@/components/loading-status'
import { UploadThumbnail } from '@/components/page/upload-thumbnail'
import { QueryLoadFailed } from '@/components/query-load-failed'
import { SkeletonStack } from '@/components/skeleton-stack'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { DeleteListingDialog } from '@/features/listings/delete-listing-dialog'
import { ListingLife } from '@/features/listings/listing-life'
import { ListingStatusBadge } from '@/features/listings/listing-status-badge'
import { ListingStatusSelect } from '@/features/listings/listing-status-select'
import { PublishingClosedNote, usePublishingClosed } from '@/features/semesters/publishing-closed'
import type { RouterOutputs } from '@/lib/api-types'
import { trpc } from '@/lib/trpc'
import { OwnListPage } from '../account/own-list'

type MyListing = RouterOutputs['listings']['mine'][number]

export function MyListingsPage() {
  const mine = trpc.listings.mine.useQuery()
  const count = mine.data?.length ?? 0

  return (
    <OwnListPage
      title="Meus Produtos"
      count={mine.data?.length}
      noun={['anúncio', 'anúncios']}
      intro="Todos os seus anúncios, em qualquer status."
      action={
        <ButtonLink href={routes.sell()}>
          <PlusIcon aria-hidden="true" />
          Novo Anúncio
        </ButtonLink>
      }
    >
      {mine.isLoading ? (
        <ListSkeleton />
      ) : mine.error ? (
        <QueryLoadFailed query={mine} fallback="Erro ao carregar seus anúncios" />
      ) : count === 0 ? (
        <EmptyState />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {mine.data?.map((listing) => (
            <li key={listing.id}>
              <MyListingCard listing={listing} />
            </li>
          ))}
        </ul>
      )}
    </OwnListPage>
  )
}

function MyListingCard({ listing }: { listing: MyListing }) {
  const utils = trpc.useUtils()
  const removed = listing.moderationStatus === 'removed'
  const statusId = `my-listing-${listing.id}-status`
  const closed = usePublishingClosed()
  const closedNoteId = `my-listing-${listing.id}-publishing-closed`
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-xs">
      <div className="relative">
        {/* The title below is the link people tab to; the photo repeats it for the mouse only. */}
        <Link
          href={routes.listing(listing.id)}
          className="group block aspect-[4/3] overflow-hidden bg-muted"
          tabIndex={-1}
          aria-hidden="true"
        >
          {listing.imageUrl ? (
            <UploadThumbnail
              src={listing.imageUrl}
              className="size-full object-cover transition-transform group-hover:scale-[1.02]"
            />
          ) : (
            <span className="flex size-full items-center justify-center text-muted-foreground">
              <ImageIcon className="size-10" aria-hidden="true" />
            </span>
          )}
        </Link>
        <ListingStatusBadge
          status={listing.status}
          moderationStatus={listing.moderationStatus}
          hold={listing.hold}
          className="absolute top-2 left-2 shadow"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="grid gap-1">
          <h2 className="line-clamp-2 break-words font-semibold">
            <Link href={routes.listing(listing.id)} className="hover:underline">
              {listing.title}
            </Link>
          </h2>
          <p className="font-bold text-lg text-primary">{formatPrice(listing.priceCents)}</p>
          <p className="flex gap-3 text-muted-foreground text-sm">
            <IconText icon={EyeIcon}>
              {listing.views}
              <span className="sr-only"> visualizações</span>
            </IconText>
            <IconText icon={ZapIcon}>
              {listing.vuptsCount}
              <span className="sr-only"> Vupts</span>
            </IconText>
          </p>
        </div>
        {removed ? (
          <p className="rounded-md bg-destructive/5 p-2 text-destructive text-sm">
            <span className="font-medium">Motivo: </span>
            {listing.removalReason?.trim() || 'não informado'}
          </p>
        ) : null}
        <ListingLife listing={listing} />
        {/* A listing the moderation removed stays removed: the server refuses any other status. */}
        {removed ? null : (
          <div className="mt-auto grid gap-1.5">
            <Label htmlFor={statusId}>Status</Label>
            <ListingStatusSelect
              listing={listing}
              id={statusId}
              aria-label={`Status de ${listing.title}`}
              closedNoteId={closedNoteId}
              onChanged={(status) =>
                utils.listings.mine.setData(undefined, (old) =>
                  old?.map((mine) => (mine.id === listing.id ? { ...mine, status } : mine)),
                )
              }
            />
          </div>
        )}
        <div className={removed ? 'mt-auto flex flex-wrap gap-2' : 'flex flex-wrap gap-2'}>
          {removed ? null : closed ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled
              aria-label={`Editar ${listing.title}`}
              aria-describedby={closedNoteId}
            >
              <PencilIcon aria-hidden="true" />
              Editar
            </Button>
          ) : (
            <EditLink href={routes.listing(listing.id, { editar: 1 })} itemTitle={listing.title} />
          )}
          <DeleteListingDialog
            listingId={listing.id}
            listingTitle={listing.title}
            trigger={
              <Button
                type="button"
                variant="outline"
                size="sm"
                tone="destructive"
                aria-label={`Excluir ${listing.title}`}
              >
                Excluir
              </Button>
            }
          />
        </div>
        {closed && !removed ? <PublishingClosedNote id={closedNoteId} reason={closed} /> : null}
      </div>
    </article>
  )
}

function EmptyState() {
  return (
    <div className="grid justify-items-center gap-4 rounded-xl border border-dashed px-4 py-16 text-center">
      <PackageIcon className="size-12 text-muted-foreground" aria-hidden="true" />
      <div className="grid gap-1">
        <h2 className="font-semibold text-lg">Você ainda não anunciou nada</h2>
        <p className="text-muted-foreground">
          Transforme o que está parado em dinheiro: livros, materiais, criações ou serviços.
        </p>
      </div>
      <ButtonLink href={routes.sell()} size="lg">
        <PlusIcon aria-hidden="true" />
        Publicar meu primeiro anúncio
      </ButtonLink>
    </div>
  )
}

function ListSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <LoadingStatus>Carregando seus anúncios...</LoadingStatus>
      {[0, 1, 2].map((key) => (
        <div key={key} className="overflow-hidden rounded-xl border">
          <Skeleton className="aspect-[4/3] w-full rounded-none" />
          <SkeletonStack
            className="grid gap-2 p-4"
            shapes={['h-5 w-3/4', 'h-6 w-24', 'h-4 w-28', 'h-9 w-40']}
          />
        </div>
      ))}
    </div>
  )
}

export default MyListingsPage
