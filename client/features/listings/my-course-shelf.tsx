import { routes } from '@shared/routes'
import { ArrowRightIcon } from 'lucide-react'
import { Link } from 'wouter'
import { LoadError } from '@/components/query-states'
import { Button } from '@/components/ui/button'
import { useViewer } from '@/lib/auth'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { ListingGrid, ListingGridSkeleton } from './listing-grid'

const SHOWN = 4

/**
 * 'Do meu curso': the newest listings tagged with the member's course, on the portal and the
 * community's home. Nothing for a visitor, a member without a course from the list, or an empty shelf.
 */
export function MyCourseShelf({ className }: { className?: string }) {
  const { viewer } = useViewer()
  const courseId = viewer?.approved && viewer.emailVerified ? viewer.courseId : null
  const shelf = trpc.listings.myCourse.useQuery(
    { limit: SHOWN },
    { enabled: courseId !== null, staleTime: 60_000 },
  )
  if (courseId === null) return null
  if (shelf.isPending) {
    return (
      <section aria-labelledby="do-meu-curso" className={cn('grid gap-3', className)}>
        <h2 id="do-meu-curso" className="font-bold text-lg">
          Do meu curso
        </h2>
        <ListingGridSkeleton count={SHOWN} columns="four" />
      </section>
    )
  }
  if (shelf.isError)
    return (
      <div className={className}>
        <LoadError title="Erro ao carregar os anúncios do seu curso" query={shelf} />
      </div>
    )
  if (shelf.data.items.length === 0) return null
  return (
    <section aria-labelledby="do-meu-curso" className={cn('grid gap-3', className)}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id="do-meu-curso" className="font-bold text-lg">
            Do meu curso
          </h2>
          {viewer?.course ? (
            <p className="text-muted-foreground text-sm">
              Anúncios marcados com {viewer.course}, os mais novos primeiro.
            </p>
          ) : null}
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link href={routes.portal({ course: courseId })}>
            Ver todos
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <ListingGrid listings={shelf.data.items} columns="four" onFirstScreen={false} />
    </section>
  )
}
