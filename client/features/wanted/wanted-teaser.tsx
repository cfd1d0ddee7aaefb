import { routes } from '@shared/routes'
import { ArrowRightIcon, PlusIcon } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { trpc } from '@/lib/trpc'
import { maxPriceLabel } from './max-price-label'

const SHOWN = 3

/** The portal's glimpse of Procura-se, for members: the newest requests and the way to the board. */
export function WantedTeaser() {
  const board = trpc.wanted.board.useQuery({ limit: SHOWN }, { staleTime: 60_000 })
  return (
    <section
      aria-labelledby="portal-procura-se"
      className="grid gap-3 rounded-2xl border bg-muted/40 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id="portal-procura-se" className="font-bold text-lg">
            Procura-se
          </h2>
          <p className="text-muted-foreground text-sm">
            O que a comunidade está procurando. Tem algum? Anuncie!
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link href={routes.wanted()}>
              <PlusIcon aria-hidden="true" />
              Publicar pedido
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link href={routes.wanted()}>
              Ver todos os pedidos
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
      {board.isPending ? (
        <div className="grid gap-3 sm:grid-cols-3">
          {Array.from({ length: SHOWN }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Skeleton key={index} className="h-20 rounded-xl" />
          ))}
        </div>
      ) : board.data?.items.length ? (
        <ul className="grid gap-3 sm:grid-cols-3">
          {board.data.items.map((post) => (
            <li key={post.id} className="grid gap-1 rounded-xl border bg-card p-3">
              <p className="break-words font-semibold leading-snug">{post.title}</p>
              <p className="text-muted-foreground text-xs">
                {post.mainCategoryName} · {maxPriceLabel(post.maxPriceCents)} · {post.poster.fullName}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">
          {board.isError ? 'Não foi possível carregar os pedidos.' : 'Nenhum pedido no ar agora.'}
        </p>
      )}
    </section>
  )
}
