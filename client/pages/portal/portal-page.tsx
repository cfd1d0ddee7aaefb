import type { MainCategorySlug } from '@shared/domain'
import { Link } from 'wouter'
import { LabelledSection } from '@/components/labelled-section'
import { CATALOGUE_TITLE, PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { countLabel } from '@/features/listings/count-label'
import { CourseFilter } from '@/features/listings/course-filter'
import { ConditionSelect, SortSelect, SubcategoryChips } from '@/features/listings/listing-filters'
import { ListingSearchForm } from '@/features/listings/listing-search-form'
import {
  countActiveFilters,
  isMainCategorySlug,
  toListingsInput,
} from '@/features/listings/listing-search-params'
import { ListingsFeedView } from '@/features/listings/listings-feed-view'
import { PromoBanner } from '@/features/listings/promo-banner'
import { useListingFilters } from '@/features/listings/use-listing-filters'
import { useListingsFeed } from '@/features/listings/use-listings-feed'
import type { RouterOutputs } from '@/lib/api-types'
import { useViewer } from '@/lib/auth'
import { useCommunity } from '@/lib/community'
import { lazyPage } from '@/lib/lazy-page'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'
import { cn } from '@/lib/utils'

// Members only: its cards' code stays out of a visitor's first download (still rendered by the server).
const WantedTeaser = lazyPage('features/wanted/wanted-teaser.tsx', () =>
  import('@/features/wanted/wanted-teaser').then((module) => ({ default: module.WantedTeaser })),
)

// Members with a course only: its code stays out of a visitor's first download.
const MyCourseShelf = lazyPage('features/listings/my-course-shelf.tsx', () =>
  import('@/features/listings/my-course-shelf').then((module) => ({ default: module.MyCourseShelf })),
)

type MainCategory = RouterOutputs['listings']['categories'][number]

/** Banners and categories change rarely: no refetch on every visit. */
const SLOW_CHANGING = { staleTime: 5 * 60_000 }

/** /portal: every listing of the community, narrowed by category, search and filters kept in the URL. */
export function PortalPage() {
  usePageTitle('Portal de Vendas')
  const { community } = useCommunity()
  const communitySlug = community?.slug
  const { filters, setFilters, filtersHref, clearFilters } = useListingFilters()
  const { viewer } = useViewer()
  // Procura-se is for members: who asks is part of the post.
  const isMember = viewer?.approved === true && viewer.emailVerified

  const heroBanners = trpc.banners.active.useQuery({ placement: 'hero_banner', communitySlug }, SLOW_CHANGING)
  const inlineBanners = trpc.banners.active.useQuery(
    { placement: 'between_products', communitySlug },
    SLOW_CHANGING,
  )
  const categoryBanners = trpc.banners.active.useQuery(
    { placement: 'category_card', communitySlug },
    SLOW_CHANGING,
  )
  const categories = trpc.listings.categories.useQuery(
    communitySlug ? { communitySlug } : undefined,
    SLOW_CHANGING,
  )

  const courses = trpc.courses.list.useQuery(communitySlug ? { communitySlug } : undefined, SLOW_CHANGING)

  const selected = filters.category
  const selectedCategory = categories.data?.find((main) => main.slug === selected)
  const isDesapegos = selected === 'desapegos'
  const feed = useListingsFeed(
    toListingsInput(filters, { mainCategory: selected, allowCondition: isDesapegos, communitySlug }),
  )
  const canClear =
    selected !== null ||
    countActiveFilters(filters, { condition: isDesapegos }) > 0 ||
    filters.sort !== 'recent'

  // The subcategory (and the desapegos-only condition) belong to the category being left.
  const toggledCategory = (slug: MainCategorySlug) =>
    selected === slug
      ? { category: null, subcategory: null, condition: null }
      : { category: slug, subcategory: null, condition: slug === 'desapegos' ? filters.condition : null }

  const heroBanner = heroBanners.data?.[0]
  const inlineBanner = inlineBanners.data?.[0]
  const categoryBanner = categoryBanners.data?.[0]

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:py-8">
      <PageHeader
        title="Portal de Vendas"
        titleClassName={CATALOGUE_TITLE}
        description={
          <>
            Criações, serviços e desapegos de quem estuda com você{community ? ` na ${community.name}` : ''}.
          </>
        }
      />

      {heroBanners.isLoading ? (
        <Skeleton className="h-44 w-full rounded-2xl sm:h-64" />
      ) : heroBanner ? (
        <PromoBanner banner={heroBanner} variant="hero" />
      ) : (
        <DefaultHero communityName={community?.name} />
      )}

      <ListingSearchForm value={filters.q} onSearch={(q) => setFilters({ q })} />

      <LabelledSection
        id="portal-categorias"
        title="Categorias"
        className="grid gap-3"
        headingClassName="font-bold text-lg"
      >
        {/* 'Junto às categorias': beside the cards on wide screens, under them on a phone. */}
        <div className={cn('grid gap-3 sm:gap-4', categoryBanner && 'lg:grid-cols-[minmax(0,1fr)_22rem]')}>
          <CategoryCards
            categories={categories.data}
            failed={categories.isError}
            selected={selected}
            hrefOf={(slug) => filtersHref(toggledCategory(slug))}
            onToggle={(slug) => setFilters(toggledCategory(slug))}
          />
          {categoryBanner ? <PromoBanner banner={categoryBanner} variant="aside" /> : null}
        </div>
        {selected ? (
          <SubcategoryChips
            legend={selectedCategory ? `Subcategorias de ${selectedCategory.name}` : 'Subcategorias'}
            subcategories={
              categories.data ? (selectedCategory?.subcategories ?? []) : categories.isError ? [] : undefined
            }
            value={filters.subcategory}
            onChange={(subcategory) => setFilters({ subcategory })}
          />
        ) : null}
      </LabelledSection>

      {isMember && viewer.courseId ? <MyCourseShelf /> : null}

      {isMember ? <WantedTeaser /> : null}

      <section aria-labelledby="portal-produtos" className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="portal-produtos" className="font-bold text-lg">
            {selectedCategory ? selectedCategory.name : 'Todos os anúncios'}
            {filters.q ? <span className="font-normal text-muted-foreground"> · “{filters.q}”</span> : null}
          </h2>
          <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
            <SortSelect
              value={filters.sort}
              onChange={(sort) => setFilters({ sort })}
              className="min-w-40 flex-1 sm:w-52 sm:flex-none"
            />
            {isDesapegos ? (
              <ConditionSelect
                value={filters.condition}
                onChange={(condition) => setFilters({ condition })}
                className="min-w-40 flex-1 sm:w-52 sm:flex-none"
              />
            ) : null}
            {canClear ? (
              <Button variant="ghost" onClick={clearFilters}>
                Limpar filtros
              </Button>
            ) : null}
          </div>
        </div>
        {courses.data && courses.data.length > 0 ? (
          <CourseFilter
            courses={courses.data}
            course={filters.course}
            discipline={filters.discipline}
            myCourseId={isMember ? viewer.courseId : null}
            hrefOf={filtersHref}
            onChange={setFilters}
          />
        ) : null}
        <ListingsFeedView
          feed={feed}
          columns="four"
          interstitial={inlineBanner ? <PromoBanner banner={inlineBanner} variant="inline" /> : undefined}
          onClearFilters={canClear ? clearFilters : undefined}
        />
      </section>
    </div>
  )
}

function DefaultHero({ communityName }: { communityName: string | undefined }) {
  return (
    <div className="relative flex h-44 flex-col justify-center gap-2 overflow-hidden rounded-2xl bg-community-gradient px-6 text-white shadow-sm sm:h-64 sm:px-10">
      <p className="font-semibold text-sm text-white/85 uppercase tracking-widest">
        {communityName ? `Vupt ${communityName}` : 'Vupt'}
      </p>
      <p className="max-w-xl font-extrabold text-2xl leading-tight sm:text-4xl">
        Crie, compartilhe, desapegue.
      </p>
      <p className="max-w-xl text-sm text-white/90 sm:text-base">
        {communityName
          ? `O marketplace de quem estuda na ${communityName}.`
          : 'O marketplace de quem estuda com você.'}
      </p>
    </div>
  )
}

function CategoryCards({
  categories,
  failed,
  selected,
  hrefOf,
  onToggle,
}: {
  categories: MainCategory[] | undefined
  failed: boolean
  selected: MainCategorySlug | null
  hrefOf: (slug: MainCategorySlug) => string
  onToggle: (slug: MainCategorySlug) => void
}) {
  if (failed) {
    return (
      <p
        role="alert"
        className="rounded-xl border border-dashed p-4 text-center text-muted-foreground text-sm"
      >
        Erro ao carregar categorias. Por favor, recarregue a página.
      </p>
    )
  }
  if (categories?.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-4 text-center text-muted-foreground text-sm">
        Nenhuma categoria disponível no momento.
      </p>
    )
  }
  if (!categories) {
    return (
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-28 rounded-xl sm:h-32" />
        ))}
      </div>
    )
  }
  return (
    <ul className="grid grid-cols-3 gap-2 sm:gap-4">
      {categories.map((category) => {
        const { slug } = category
        // The portal's filter knows only the three main categories of the spec.
        if (!isMainCategorySlug(slug)) return null
        const pressed = selected === slug
        return (
          <li key={category.id}>
            {/* A link to the portal with the category toggled, so it works before the page's code. */}
            <Link
              href={hrefOf(slug)}
              aria-current={pressed ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault()
                onToggle(slug)
              }}
              className={cn(
                'flex h-full w-full flex-col items-center gap-1 rounded-xl border bg-card p-3 text-center shadow-xs outline-none transition hover:border-primary hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex-row sm:items-center sm:gap-4 sm:p-5 sm:text-left',
                pressed && 'border-primary bg-accent ring-2 ring-primary',
              )}
            >
              <span aria-hidden="true" className="text-3xl sm:text-4xl">
                {category.icon}
              </span>
              <span className="grid gap-0.5">
                <span className="font-semibold text-sm sm:text-lg">{category.name}</span>
                <span className="text-muted-foreground text-xs sm:text-sm">
                  {countLabel(category.activeListings, 'anúncio', 'anúncios')}
                </span>
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

export default PortalPage
