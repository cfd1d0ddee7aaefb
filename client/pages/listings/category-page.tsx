import type { MainCategorySlug } from '@shared/domain'
import { SlidersHorizontalIcon } from 'lucide-react'
import { lazy, useState } from 'react'
import { DeferredDialog } from '@/components/deferred-dialog'
import { LabelledSection } from '@/components/labelled-section'
import { CATALOGUE_TITLE, PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { SortSelect } from '@/features/listings/listing-filters'
import { ListingFiltersPanel } from '@/features/listings/listing-filters-panel'
import { countActiveFilters, toListingsInput } from '@/features/listings/listing-search-params'
import { ListingsFeedView } from '@/features/listings/listings-feed-view'
import { useListingFilters } from '@/features/listings/use-listing-filters'
import { useListingsFeed } from '@/features/listings/use-listings-feed'
import { useCommunity } from '@/lib/community'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

const PAGE_TITLES: Record<MainCategorySlug, string> = {
  criacoes: 'Criações Artesanais',
  servicos: 'Serviços Universitários',
  desapegos: 'Desapegos Universitários',
}

// The phone's filter sheet (a Radix dialog) is fetched when someone reaches for its button.
const FiltersSheet = lazy(() => import('@/features/listings/filters-sheet'))

/** /criacoes, /servicos and /desapegos: one main category with its filters, all kept in the URL. */
export function CategoryPage({ slug }: { slug: MainCategorySlug }) {
  const title = PAGE_TITLES[slug]
  usePageTitle(title)
  const communitySlug = useCommunity().community?.slug
  const { filters, setFilters, clearFilters } = useListingFilters()
  const [sheetOpen, setSheetOpen] = useState(false)

  const showCondition = slug === 'desapegos'
  const categories = trpc.listings.categories.useQuery(communitySlug ? { communitySlug } : undefined, {
    staleTime: 5 * 60_000,
  })
  const category = categories.data?.find((main) => main.slug === slug)
  // Undefined only while loading: a failed call or an unknown category leaves the chips empty.
  const subcategories = categories.data
    ? (category?.subcategories ?? [])
    : categories.isError
      ? []
      : undefined

  const feed = useListingsFeed(
    toListingsInput(filters, { mainCategory: slug, allowCondition: showCondition, communitySlug }),
  )
  const activeCount = countActiveFilters(filters, { condition: showCondition })
  const canClear = activeCount > 0 || filters.sort !== 'recent'

  const panelProps = {
    filters,
    onChange: setFilters,
    onClear: clearFilters,
    subcategories,
    showCondition,
  }

  const filtersButton = (
    <Button variant="outline" className="shrink-0">
      <SlidersHorizontalIcon aria-hidden="true" />
      Filtros
      {activeCount > 0 ? (
        <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-primary-foreground text-xs">
          {activeCount}
          <span className="sr-only"> ativos</span>
        </span>
      ) : null}
    </Button>
  )

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
      <PageHeader
        title={title}
        titleClassName={CATALOGUE_TITLE}
        description={category?.description}
        className="mb-6"
      />

      <div className="lg:grid lg:grid-cols-[16rem_1fr] lg:gap-8">
        <aside aria-label="Filtros" className="hidden lg:block">
          <div className="sticky top-20">
            <ListingFiltersPanel {...panelProps} />
          </div>
        </aside>

        <LabelledSection
          id="categoria-produtos"
          title="Anúncios"
          className="min-w-0"
          headingClassName="sr-only"
        >
          {/* Phones: the sort stays at hand, the rest of the filters open in a sheet. */}
          <div className="mb-4 flex items-end gap-2 lg:hidden">
            <DeferredDialog trigger={filtersButton} open={sheetOpen} onOpenChange={setSheetOpen}>
              <FiltersSheet open={sheetOpen} onOpenChange={setSheetOpen}>
                <ListingFiltersPanel {...panelProps} className="px-4" />
              </FiltersSheet>
            </DeferredDialog>
            <SortSelect
              value={filters.sort}
              onChange={(sort) => setFilters({ sort })}
              className="min-w-0 flex-1 [&_label]:sr-only"
            />
          </div>

          <ListingsFeedView
            feed={feed}
            columns="three"
            onClearFilters={canClear ? clearFilters : undefined}
          />
        </LabelledSection>
      </div>
    </div>
  )
}

export default CategoryPage
