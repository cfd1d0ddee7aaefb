import { routes } from '@shared/routes'
import { HeartIcon, HeartOffIcon } from 'lucide-react'
import { Link } from 'wouter'
import { EmptyState, QueryStates } from '@/components/query-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ListingCard } from '@/features/listings/listing-card'
import { LISTING_GRID_BASE, ListingGridSkeleton } from '@/features/listings/listing-grid'
import { useToggleFavorite } from '@/features/listings/use-toggle-favorite'
import type { RouterOutputs } from '@/lib/api-types'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { OwnListPage } from './own-list'

type Favorite = RouterOutputs['listings']['favorites'][number]

const UNAVAILABLE_LABELS = {
  vendido: 'Vendido',
  indisponivel: 'Indisponível',
  removido: 'Removido pela moderação',
} as const

/** Meus favoritos: a list of one's own, where a listing that left the portal says so instead of vanishing. */
export function FavoritesPage() {
  const favorites = trpc.listings.favorites.useQuery()

  return (
    <OwnListPage
      title="Meus favoritos"
      count={favorites.data?.length}
      noun={['favorito', 'favoritos']}
      intro="Os anúncios que você salvou. Só você vê esta lista."
    >
      <QueryStates
        query={favorites}
        loading={<ListingGridSkeleton count={4} />}
        errorTitle="Erro ao carregar favoritos"
        empty={
          <EmptyState
            icon={<HeartIcon aria-hidden="true" />}
            title="Nenhum favorito ainda"
            description="Toque no coração de um anúncio para guardá-lo aqui."
            action={
              <Button asChild variant="outline">
                <Link href={routes.portal()}>Explorar anúncios</Link>
              </Button>
            }
          />
        }
      >
        {(saved) => (
          <ul className={cn(LISTING_GRID_BASE, 'md:grid-cols-3 lg:grid-cols-4')}>
            {saved.map((favorite) => (
              <li key={favorite.id}>
                {favorite.availability === 'disponivel' && favorite.listing ? (
                  <ListingCard listing={favorite.listing} />
                ) : (
                  <UnavailableFavorite favorite={favorite} />
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </OwnListPage>
  )
}

/** What is left of a favorite that left the portal: its title when it may still be shown, and a way out. */
function UnavailableFavorite({ favorite }: { favorite: Favorite }) {
  const { toggle, isPending } = useToggleFavorite({ id: favorite.id, isFavorite: true })
  const label = favorite.availability === 'disponivel' ? null : UNAVAILABLE_LABELS[favorite.availability]
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-dashed bg-muted/40 p-3">
      <div className="flex aspect-[4/3] items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <HeartOffIcon aria-hidden="true" className="size-8" />
      </div>
      <Badge variant="secondary" className="w-fit">
        {label}
      </Badge>
      <h2 className="line-clamp-2 font-semibold text-sm sm:text-base">
        {favorite.listing?.title ?? 'Este anúncio não está mais disponível'}
      </h2>
      <Button
        variant="outline"
        size="sm"
        className="mt-auto"
        onClick={toggle}
        disabled={isPending}
        aria-busy={isPending || undefined}
        aria-label={`Remover dos favoritos: ${favorite.listing?.title ?? 'anúncio indisponível'}`}
      >
        {isPending ? 'Removendo...' : 'Remover dos favoritos'}
      </Button>
    </article>
  )
}

export default FavoritesPage
