import { routes } from '@shared/routes'
import { Link } from 'wouter'
import { LoadFailed } from '@/components/load-failed'
import { Button } from '@/components/ui/button'
import type { ListingCardData } from '@/features/listings/listing-card'
import { ListingGrid, ListingGridSkeleton } from '@/features/listings/listing-grid'
import { useProtectedLink } from '@/features/listings/protected-link'

type FeaturedQuery = {
  isLoading: boolean
  isError: boolean
  data: ListingCardData[] | undefined
  refetch: () => unknown
}

/**
 * The landing page's featured listings, below the first screen. A module of its own, so the cards'
 * code is not in the page's first download: the server's HTML shows them at once, and they hydrate
 * when it arrives.
 */
export default function FeaturedListings({ featured }: { featured: FeaturedQuery }) {
  const linkTo = useProtectedLink()
  if (featured.isLoading) return <ListingGridSkeleton count={6} columns="three" />
  if (featured.isError)
    return (
      <LoadFailed title="Não foi possível carregar os destaques." onRetry={() => void featured.refetch()} />
    )
  if (featured.data && featured.data.length > 0)
    return <ListingGrid listings={featured.data.slice(0, 6)} columns="three" onFirstScreen={false} />
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
      <p className="font-semibold text-lg">Ainda não há anúncios publicados</p>
      <p className="max-w-sm text-muted-foreground text-sm">
        Anuncie sua criação, serviço ou desapego e apareça aqui para toda a comunidade.
      </p>
      <Button asChild>
        <Link {...linkTo(routes.sell())}>Seja o primeiro a vender</Link>
      </Button>
    </div>
  )
}
