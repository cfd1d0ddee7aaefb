import { formatPrice } from '@shared/money'
import { CARD_MAX_SIZE } from '@shared/renditions'
import { routes } from '@shared/routes'
import { ImageIcon } from 'lucide-react'
import { Link } from 'wouter'
import { SkeletonStack } from '@/components/skeleton-stack'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { SellerAverage } from '@/features/deals/seller-average'
import type { RouterOutputs } from '@/lib/api-types'
import { instanceUrl } from '@/lib/instance-url'
import { cn } from '@/lib/utils'
import { FavoriteButton } from './favorite-button'
import { useProtectedLink } from './protected-link'
import { VuptBadgeChip } from './vupt-badge-chip'

export type ListingCardData = RouterOutputs['listings']['list']['items'][number]

/** Card images are served at 4:3; the box keeps that ratio before the image arrives (no layout shift). */
const IMAGE_WIDTH = 480
const IMAGE_HEIGHT = 360
/** Two columns on a phone, three from md, four from lg, inside a 72rem page. */
const CARD_SIZES = '(min-width: 1024px) 280px, (min-width: 768px) 33vw, 50vw'

/**
 * A listing in a grid. The whole card is one link (the title's, stretched over it) so the heart
 * can stay a separate button: interactive elements must not nest.
 */
export function ListingCard({ listing, priority = false }: { listing: ListingCardData; priority?: boolean }) {
  const linkTo = useProtectedLink()
  const seller = listing.sellerFullName?.trim() || 'Vendedor'
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-shadow hover:shadow-md has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring/50">
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        {listing.imageUrl ? (
          <img
            src={instanceUrl(listing.imageUrl)}
            srcSet={`${instanceUrl(listing.imageUrl)} ${CARD_MAX_SIZE}w`}
            sizes={CARD_SIZES}
            alt=""
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground/60">
            <ImageIcon aria-hidden="true" className="size-10" />
            <span className="sr-only">Sem foto</span>
          </div>
        )}
        <Badge
          variant="tinted"
          className="absolute top-2 left-2 max-w-[calc(100%-4rem)] truncate bg-background/90 text-secondary-foreground backdrop-blur"
        >
          {listing.mainCategoryName ?? 'Outros'}
        </Badge>
        <VuptBadgeChip count={listing.vuptsCount} className="absolute bottom-2 left-2" />
        {listing.reserved ? (
          <Badge variant="secondary" className="absolute right-2 bottom-2" data-testid="reserved-badge">
            Reservado
          </Badge>
        ) : null}
      </div>
      <FavoriteButton listing={listing} className="absolute top-1 right-1 z-10" />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 font-semibold text-sm leading-snug sm:text-base">
          <Link {...linkTo(routes.listing(listing.id))} className="outline-none after:absolute after:inset-0">
            {listing.title}
          </Link>
        </h3>
        <p className="truncate text-muted-foreground text-xs sm:text-sm">
          {seller}
          {listing.sellerCourse ? ` · ${listing.sellerCourse}` : null}
        </p>
        {listing.courseTag ? (
          <p className="truncate text-secondary-foreground text-xs">
            <span className="sr-only">Disciplina ou curso: </span>
            {listing.courseTag}
          </p>
        ) : null}
        <SellerAverage average={listing.sellerAverage} className="text-muted-foreground text-xs" />
        <p className="mt-auto pt-1 font-bold text-base text-primary sm:text-lg">
          {formatPrice(listing.priceCents)}
        </p>
      </div>
    </article>
  )
}

/** The card's silhouette while listings load: same boxes, so nothing jumps when they arrive. */
export function ListingCardSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('flex h-full flex-col overflow-hidden rounded-xl border bg-card', className)}>
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <SkeletonStack
        className="flex flex-col gap-2 p-3"
        shapes={['h-4 w-4/5', 'h-3 w-3/5', 'mt-1 h-5 w-1/3']}
      />
    </div>
  )
}
