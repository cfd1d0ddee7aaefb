import { PackageSearchIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { LoadFailed } from '@/components/load-failed'
import { Button } from '@/components/ui/button'
import { type GridColumns, ListingGrid, ListingGridSkeleton } from './listing-grid'
import type { ListingsFeed } from './use-listings-feed'

type ListingsFeedViewProps = {
  feed: ListingsFeed
  columns?: GridColumns
  /** A banner between the first rows and the rest (portal). */
  interstitial?: ReactNode
  /** Shown in the empty state when filters are on; without it the empty state has no button. */
  onClearFilters?: (() => void) | undefined
}

/** A listings grid with its loading, empty, error and 'Carregar mais' states. */
export function ListingsFeedView({ feed, columns, interstitial, onClearFilters }: ListingsFeedViewProps) {
  if (feed.isLoading) return <ListingGridSkeleton count={8} columns={columns} />

  if (feed.items.length === 0) {
    // The toast has told what went wrong; the page offers the way out.
    if (feed.isError)
      return <LoadFailed title="Não foi possível carregar os anúncios." onRetry={feed.retry} />
    return <ListingsEmptyState onClearFilters={onClearFilters} />
  }

  return (
    <div className="grid gap-6">
      <ListingGrid listings={feed.items} columns={columns} interstitial={interstitial} />
      {feed.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            size="lg"
            className="w-full sm:w-auto"
            onClick={feed.loadMore}
            disabled={feed.isFetchingNextPage}
          >
            {feed.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
          </Button>
        </div>
      ) : null}
    </div>
  )
}

export function ListingsEmptyState({ onClearFilters }: { onClearFilters?: (() => void) | undefined }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
      <PackageSearchIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-semibold text-lg">Nenhum anúncio encontrado</p>
      {onClearFilters ? (
        <>
          <p className="max-w-sm text-muted-foreground text-sm">
            Tente ajustar a busca ou limpar os filtros para ver mais anúncios.
          </p>
          <Button variant="outline" onClick={onClearFilters}>
            Limpar filtros
          </Button>
        </>
      ) : (
        <p className="max-w-sm text-muted-foreground text-sm">
          Ainda não há anúncios por aqui. Volte em breve ou seja o primeiro a anunciar!
        </p>
      )}
    </div>
  )
}
