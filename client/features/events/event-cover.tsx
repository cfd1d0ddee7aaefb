import { CalendarDaysIcon } from 'lucide-react'
import { instanceUrl } from '@/lib/instance-url'
import { type Renditions, renditionSrcSet } from '@/lib/renditions'
import { cn } from '@/lib/utils'

/**
 * The event's image, or the community's gradient when it has none, in a fixed 16:9 box so nothing
 * shifts when the picture arrives. Decorative: the title is always written next to it.
 */
export function EventCover({
  imageUrl,
  renditions,
  sizes,
  className,
  imageClassName,
  eager = false,
}: {
  imageUrl: string | null
  /** With them, a phone loads the card or phone rendition instead of the full one (`srcset`). */
  renditions?: Renditions | null
  /** The cover's width in the page, for the browser's pick among the renditions. */
  sizes: string
  className?: string
  imageClassName?: string
  /** The detail page's cover is the main content: load it at once. */
  eager?: boolean
}) {
  return (
    <div className={cn('relative aspect-video overflow-hidden bg-muted', className)}>
      {imageUrl ? (
        <img
          src={instanceUrl(imageUrl)}
          srcSet={renditions ? renditionSrcSet(imageUrl, renditions) : undefined}
          sizes={renditions ? sizes : undefined}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className={cn('size-full object-cover', imageClassName)}
        />
      ) : (
        <div className="flex size-full items-center justify-center bg-community-gradient text-white/80">
          <CalendarDaysIcon aria-hidden="true" className="size-12" />
        </div>
      )}
    </div>
  )
}
