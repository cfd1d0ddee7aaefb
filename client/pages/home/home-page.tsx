import { routes } from '@shared/routes'
import { ArrowRightIcon, SparklesIcon } from 'lucide-react'
import { lazy, Suspense, useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { LabelledSection } from '@/components/labelled-section'
import { StatFigure } from '@/components/page/stat-figure'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { countLabel } from '@/features/listings/count-label'
import { useProtectedLink } from '@/features/listings/protected-link'
import { useViewer } from '@/lib/auth'
import { useCommunity } from '@/lib/community'
import { useLoadErrorToast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

const CATEGORIES = [
  {
    slug: 'criacoes',
    href: routes.creations(),
    icon: '🎨',
    title: 'Criações',
    text: 'Arte, design e projetos próprios.',
  },
  {
    slug: 'servicos',
    href: routes.services(),
    icon: '🤝',
    title: 'Serviços',
    text: 'Aulas, edição, consultoria e mais.',
  },
  {
    slug: 'desapegos',
    href: routes.secondHand(),
    icon: '♻️',
    title: 'Desapegos',
    text: 'Livros, equipamentos e materiais.',
  },
] as const

const FeaturedListings = lazy(() => import('./featured-listings'))

/** The public landing page: what Vupt is and where to start. Members go straight to their portal. */
export function HomePage() {
  usePageTitle('Marketplace Universitário')
  const { viewer } = useViewer()
  const [, navigate] = useLocation()
  const member = viewer?.approved ? viewer : null

  useEffect(() => {
    if (member) navigate(`~/${member.communitySlug ?? 'univille'}/portal`, { replace: true })
  }, [member, navigate])

  if (member) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner className="text-3xl text-primary" label="Abrindo o portal..." />
      </div>
    )
  }
  return <Landing />
}

function Landing() {
  const communitySlug = useCommunity().community?.slug
  const scope = communitySlug ? { communitySlug } : undefined
  const linkTo = useProtectedLink()
  const stats = trpc.listings.stats.useQuery(scope)
  const categories = trpc.listings.categories.useQuery(scope, { staleTime: 5 * 60_000 })
  const featured = trpc.listings.featured.useQuery(scope)

  useLoadErrorToast(featured.error, 'Erro ao carregar anúncios')

  const figures = [
    { value: stats.data?.listings, label: 'anúncios' },
    { value: stats.data?.sellers, label: 'vendedores' },
    { value: stats.data?.communities, label: 'comunidades' },
  ]

  return (
    <>
      <section className="bg-community-gradient text-white">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 md:py-24">
          <p className="font-semibold text-white/80 uppercase tracking-widest">
            Crie, compartilhe, desapegue.
          </p>
          <h1 className="max-w-2xl font-extrabold text-4xl leading-tight md:text-6xl">
            Marketplace Universitário
          </h1>
          <p className="max-w-xl text-lg text-white/90">
            Compre e venda criações, serviços e desapegos com quem estuda com você, em uma comunidade fechada
            e verificada pela sua universidade.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <Link {...linkTo(routes.sell())}>Começar a vender</Link>
            </Button>
            <Button asChild size="lg" variant="overlay" className="border-white text-white hover:bg-white/10">
              <Link {...linkTo(routes.creations())}>
                Explorar anúncios <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <p className="text-white/90">
            Sua universidade está no Vupt?{' '}
            <Link href={routes.communities()} className="font-medium text-white underline underline-offset-4">
              Veja as comunidades
            </Link>
          </p>
          <dl className="mt-2 grid max-w-lg grid-cols-3 gap-4" aria-busy={stats.isLoading}>
            {figures.map((figure) => (
              <div key={figure.label} className="flex flex-col-reverse gap-1">
                <dt className="text-sm text-white/85">{figure.label}</dt>
                <dd className="font-extrabold text-2xl tabular-nums sm:text-3xl">
                  <StatFigure
                    value={figure.value}
                    failed={stats.isError}
                    skeletonClassName="h-8 w-14 bg-white/25 sm:h-9"
                  />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <LabelledSection
        id="categorias"
        title="Categorias"
        className="mx-auto max-w-6xl px-4 py-12"
        headingClassName="mb-6 font-bold text-2xl"
      >
        <ul className="grid gap-4 sm:grid-cols-3">
          {CATEGORIES.map((category) => {
            const count = categories.data?.find((main) => main.slug === category.slug)?.activeListings
            return (
              <li key={category.href}>
                <Link
                  {...linkTo(category.href)}
                  className="flex h-full flex-col gap-2 rounded-xl border bg-card p-6 shadow-xs outline-none transition hover:border-primary hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="text-4xl" aria-hidden="true">
                    {category.icon}
                  </span>
                  <span className="font-semibold text-lg">{category.title}</span>
                  <span className="text-muted-foreground text-sm">{category.text}</span>
                  <div className="mt-auto pt-1 font-medium text-primary text-sm">
                    {count === undefined ? (
                      categories.isError ? null : (
                        <Skeleton className="h-5 w-24" />
                      )
                    ) : (
                      countLabel(count, 'anúncio ativo', 'anúncios ativos')
                    )}
                  </div>
                </Link>
              </li>
            )
          })}
        </ul>
      </LabelledSection>

      <section aria-labelledby="destaques" className="mx-auto max-w-6xl px-4 pb-16">
        <div className="mb-6 flex items-center justify-between gap-4">
          <h2 id="destaques" className="flex items-center gap-2 font-bold text-2xl">
            <SparklesIcon aria-hidden="true" className="size-6 text-community-secondary" />
            Em destaque
          </h2>
          <Button asChild variant="ghost">
            <Link {...linkTo(routes.portal())}>
              Ver todos <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <Suspense fallback={<div className="min-h-64" />}>
          <FeaturedListings featured={featured} />
        </Suspense>
      </section>
    </>
  )
}

export default HomePage
