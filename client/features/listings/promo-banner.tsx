import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { RouterOutputs } from '@/lib/api-types'
import { instanceUrl } from '@/lib/instance-url'
import { renditionSrcSet } from '@/lib/renditions'
import { cn } from '@/lib/utils'

export type Banner = RouterOutputs['banners']['active'][number]

/**
 * hero: top of the portal, loaded eagerly; inline: between listings; aside: beside the categories. The
 * last two load lazily.
 */
const HEIGHTS = {
  hero: 'h-44 sm:h-64',
  inline: 'h-28 sm:h-36',
  aside: 'h-28 sm:h-32',
}

type PromoBannerProps = {
  banner: Banner
  variant: keyof typeof HEIGHTS
  className?: string
}

/**
 * As wide as the page (max-w-6xl less its padding). The portal's category banner is narrower on a wide
 * screen (22rem beside the categories) and there takes the full rendition: a `sizes` of its own would
 * leave the portal's first download at its 130 KB limit, for bytes a desktop alone spends.
 */
const BANNER_SIZES = '(min-width: 72rem) 70rem, calc(100vw - 2rem)'

/** An advertiser's banner: image, title and optional link, marked as sponsored. */
export function PromoBanner({ banner, variant, className }: PromoBannerProps) {
  const hero = variant === 'hero'
  const { renditions } = banner
  const body = (
    <>
      <img
        src={instanceUrl(banner.imageUrl)}
        // A phone loads the phone rendition (shared/renditions.ts); the full one is for wide screens.
        srcSet={renditions ? renditionSrcSet(banner.imageUrl, renditions) : undefined}
        sizes={renditions ? BANNER_SIZES : undefined}
        alt=""
        width={1200}
        height={hero ? 400 : 240}
        loading={hero ? 'eager' : 'lazy'}
        fetchPriority={hero ? 'high' : 'auto'}
        decoding="async"
        className="absolute inset-0 size-full object-cover"
      />
      <span
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/20 to-transparent"
      />
      <span className="absolute top-2 right-2 rounded bg-black/55 px-1.5 py-0.5 font-medium text-[0.7rem] text-white">
        Publicidade
      </span>
      <span className="absolute inset-x-0 bottom-0 grid gap-1 p-4 text-white sm:p-6">
        <span className={cn('font-bold', hero ? 'text-xl sm:text-3xl' : 'text-base sm:text-xl')}>
          {banner.title}
        </span>
        {banner.description ? (
          <span className="line-clamp-2 text-sm text-white/90 sm:text-base">{banner.description}</span>
        ) : null}
      </span>
    </>
  )
  const boxClass = cn(
    'relative block overflow-hidden rounded-2xl bg-muted shadow-sm',
    HEIGHTS[variant],
    className,
  )
  return (
    <BannerLink
      href={banner.linkUrl}
      className={cn(boxClass, 'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50')}
    >
      {body}
    </BannerLink>
  )
}

/** External links open in a new tab, as sponsored; a site path stays in the app (outside the base). */
function BannerLink({
  href,
  className,
  children,
}: {
  href: string | null
  className: string
  children: ReactNode
}) {
  if (href?.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link href={`~${href}`} className={className}>
        {children}
      </Link>
    )
  }
  // Anything but http(s) (a javascript: URL, say) is not followed.
  if (!href || !/^https?:\/\//i.test(href)) return <div className={className}>{children}</div>
  return (
    <a href={href} target="_blank" rel="noopener noreferrer sponsored" className={className}>
      {children}
      <span className="sr-only"> (abre em nova aba)</span>
    </a>
  )
}
