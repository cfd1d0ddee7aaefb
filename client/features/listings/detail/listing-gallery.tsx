import useEmblaCarousel from 'embla-carousel-react'
import { ChevronLeftIcon, ChevronRightIcon, ImageIcon } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { instanceUrl } from '@/lib/instance-url'
import { cn } from '@/lib/utils'

export type GalleryImage = {
  fullUrl: string
  /** With their widths, the card and phone renditions are offered to narrower screens (`srcset`). */
  cardUrl?: string
  cardWidth?: number | null
  /** Absent for a photo no larger than the phone rendition, or stored before there was one. */
  phoneUrl?: string | null
  phoneWidth?: number | null
  width?: number | null
  height?: number | null
}

/** The frame's width: the page's (max-w-6xl less its padding) on a phone, half of it beside the details. */
const GALLERY_SIZES = '(min-width: 72rem) 34rem, (min-width: 48rem) calc(50vw - 2rem), calc(100vw - 2rem)'

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** Square frame: photos of any shape keep the page from jumping while they load. */
const FRAME = 'relative aspect-square w-full overflow-hidden rounded-xl border bg-muted'

/** Narrowest first: the card rendition, the phone one when the photo has it, the full one. */
function photoSrcSet({ fullUrl, cardUrl, cardWidth, phoneUrl, phoneWidth, width }: GalleryImage) {
  if (!cardUrl || !cardWidth || !width) return undefined
  return [
    `${instanceUrl(cardUrl)} ${cardWidth}w`,
    ...(phoneUrl && phoneWidth ? [`${instanceUrl(phoneUrl)} ${phoneWidth}w`] : []),
    `${instanceUrl(fullUrl)} ${width}w`,
  ].join(', ')
}

function Photo({ image, alt, eager }: { image: GalleryImage; alt: string; eager: boolean }) {
  const { fullUrl, width, height } = image
  const srcSet = photoSrcSet(image)
  return (
    <img
      src={instanceUrl(fullUrl)}
      srcSet={srcSet}
      sizes={srcSet ? GALLERY_SIZES : undefined}
      alt={alt}
      width={width ?? undefined}
      height={height ?? undefined}
      loading={eager ? 'eager' : 'lazy'}
      // The other slides sit beside the one shown, near enough for the browser to fetch them at once:
      // asked for at low priority, they leave the bandwidth to the photo on screen.
      fetchPriority={eager ? 'high' : 'low'}
      decoding="async"
      draggable={false}
      className="size-full object-contain"
    />
  )
}

type GalleryProps = {
  images: readonly GalleryImage[]
  title: string
  /** The photo shown first (a thumbnail that was clicked). */
  startIndex?: number
}

/** One of the round buttons over the photo's sides that move to the previous or next photo. */
function ArrowButton({
  className,
  label,
  icon,
  disabled,
  onClick,
}: {
  className: string
  label: string
  icon: ReactNode
  disabled: boolean
  onClick: () => void
}) {
  return (
    <Button
      type="button"
      variant="secondary"
      size="icon"
      shape="round"
      raised
      className={cn('-translate-y-1/2 absolute top-1/2', className)}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {icon}
    </Button>
  )
}

/** Photos to swipe or step through with buttons and arrow keys, dots to jump; a single photo has no controls. */
export function ListingGallery({ images, title, startIndex = 0 }: GalleryProps) {
  const first = images[0]
  if (!first) {
    return (
      <div className={cn(FRAME, 'flex flex-col items-center justify-center gap-2 text-muted-foreground')}>
        <ImageIcon className="size-12" aria-hidden="true" />
        <span className="text-sm">Sem fotos</span>
      </div>
    )
  }
  if (images.length === 1) {
    return (
      <div className={FRAME}>
        <Photo image={first} alt={title} eager />
      </div>
    )
  }
  return <Carousel images={images} title={title} startIndex={startIndex} />
}

function Carousel({ images, title, startIndex = 0 }: GalleryProps) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: false, startIndex })
  const [selected, setSelected] = useState(startIndex)
  const [canPrev, setCanPrev] = useState(false)
  const [canNext, setCanNext] = useState(true)

  useEffect(() => {
    if (!embla) return
    const sync = () => {
      setSelected(embla.selectedScrollSnap())
      setCanPrev(embla.canScrollPrev())
      setCanNext(embla.canScrollNext())
    }
    sync()
    embla.on('select', sync).on('reInit', sync)
    return () => {
      embla.off('select', sync).off('reInit', sync)
    }
  }, [embla])

  const go = useCallback((index: number) => embla?.scrollTo(index, prefersReducedMotion()), [embla])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      embla?.scrollPrev(prefersReducedMotion())
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      embla?.scrollNext(prefersReducedMotion())
    }
  }

  return (
    <section
      aria-roledescription="carrossel"
      aria-label={`Fotos de ${title}`}
      className="grid gap-3"
      onKeyDownCapture={onKeyDown}
    >
      <div className="relative">
        <div ref={viewportRef} className={cn(FRAME, 'touch-pan-y')}>
          <div className="flex h-full">
            {images.map((image, index) => (
              // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern; a fieldset is for form controls.
              <div
                // The same URL can appear twice when a photo was uploaded twice, so it cannot be the key.
                // biome-ignore lint/suspicious/noArrayIndexKey: slides never reorder while shown.
                key={index}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} de ${images.length}`}
                aria-hidden={index !== selected}
                className="relative h-full min-w-0 flex-[0_0_100%]"
              >
                <Photo image={image} alt={`${title} — foto ${index + 1}`} eager={index === startIndex} />
              </div>
            ))}
          </div>
        </div>
        <ArrowButton
          className="left-2"
          label="Foto anterior"
          icon={<ChevronLeftIcon aria-hidden="true" />}
          disabled={!canPrev}
          onClick={() => embla?.scrollPrev(prefersReducedMotion())}
        />
        <ArrowButton
          className="right-2"
          label="Próxima foto"
          icon={<ChevronRightIcon aria-hidden="true" />}
          disabled={!canNext}
          onClick={() => embla?.scrollNext(prefersReducedMotion())}
        />
        <p
          className="absolute right-3 bottom-3 rounded-full bg-black/60 px-2 py-0.5 text-white text-xs"
          aria-live="polite"
        >
          {selected + 1}/{images.length}
        </p>
      </div>
      <div className="flex justify-center gap-1">
        {images.map((_, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position.
            key={index}
            type="button"
            aria-label={`Ir para a foto ${index + 1}`}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => go(index)}
            // 24px tap target around a small visible dot.
            className="group flex size-6 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span
              className={cn(
                'size-2 rounded-full transition-all',
                index === selected
                  ? 'w-5 bg-primary'
                  : 'bg-muted-foreground/40 group-hover:bg-muted-foreground',
              )}
            />
          </button>
        ))}
      </div>
    </section>
  )
}
