import { routes } from '@shared/routes'
import { COURSE_DEMAND_SIZE, wantersLabel } from '@shared/wanted'
import { ArrowRightIcon, TrendingUpIcon } from 'lucide-react'
import { Link } from 'wouter'
import { LoadError } from '@/components/query-states'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { trpc } from '@/lib/trpc'
import { maxPriceLabel } from './max-price-label'

const courseLabel = (count: number) =>
  count === 1 ? '1 pessoa do seu curso' : `${count} pessoas do seu curso`

/**
 * 'Mais procurados do seu curso', on Vender: the Procura-se posts most wanted by members of the
 * seller's course, so they know what to sell. Nothing when the profile has no course or nobody of
 * it is looking for anything.
 */
export function CourseDemand() {
  const demand = trpc.wanted.courseDemand.useQuery(undefined, { staleTime: 60_000 })
  if (demand.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <span className="sr-only">Carregando os mais procurados do seu curso...</span>
        <Skeleton className="h-6 w-64" />
        <Skeleton className="h-24 rounded-xl" />
      </div>
    )
  }
  if (demand.isError)
    return <LoadError title="Erro ao carregar os mais procurados do seu curso" query={demand} />
  if (!demand.data.course || demand.data.items.length === 0) return null
  return (
    <section aria-labelledby="course-demand" className="grid gap-3 rounded-2xl border bg-muted/40 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id="course-demand" className="flex items-center gap-2 font-bold text-lg">
            <TrendingUpIcon aria-hidden="true" className="size-5 text-primary" />
            Mais procurados do seu curso
          </h2>
          <p className="text-muted-foreground text-sm">
            O que quem estuda {demand.data.course} procura no Procura-se. Tem algum? Anuncie!
          </p>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link href={routes.wanted({ ordem: 'mais-procurados' })}>
            Ver todos os pedidos
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <ol className="grid gap-2">
        {demand.data.items.slice(0, COURSE_DEMAND_SIZE).map((post) => (
          <li key={post.id} className="grid gap-0.5 rounded-xl border bg-card p-3">
            <p className="break-words font-semibold leading-snug">{post.title}</p>
            <p className="text-muted-foreground text-xs">
              {courseLabel(post.courseWanters)} · {wantersLabel(post.wantersCount)} no total ·{' '}
              {post.mainCategoryName} · {maxPriceLabel(post.maxPriceCents)}
            </p>
          </li>
        ))}
      </ol>
    </section>
  )
}
