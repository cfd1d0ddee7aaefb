import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { type GalleryImage, ListingGallery } from './listing-gallery'

describe('ListingGallery', () => {
  /** The gallery's markup for one photo with a card rendition. */
  const galleryOf = (image: Omit<GalleryImage, 'cardUrl' | 'cardWidth' | 'fullUrl'>) =>
    renderToStaticMarkup(
      <ListingGallery
        title="Violão"
        images={[
          { cardUrl: '/uploads/v-card.webp', cardWidth: 640, fullUrl: '/uploads/v-full.webp', ...image },
        ]}
      />,
    )

  it('offers a phone the phone rendition of a photo whose size it knows', () => {
    const html = galleryOf({ phoneUrl: '/uploads/v-phone.webp', phoneWidth: 960, width: 1600, height: 1200 })
    expect(html).toContain(
      'srcSet="/uploads/v-card.webp 640w, /uploads/v-phone.webp 960w, /uploads/v-full.webp 1600w"',
    )
    expect(html).toMatch(/sizes="[^"]*calc\(100vw - 2rem\)"/)
  })

  it('offers the card and full renditions of a photo without a phone one', () => {
    const html = galleryOf({ phoneUrl: null, phoneWidth: null, width: 900, height: 600 })
    expect(html).toContain('srcSet="/uploads/v-card.webp 640w, /uploads/v-full.webp 900w"')
  })

  it('shows the full rendition alone when it has nothing else', () => {
    const html = renderToStaticMarkup(
      <ListingGallery title="Violão" images={[{ fullUrl: '/uploads/v-full.webp' }]} />,
    )
    expect(html).toContain('src="/uploads/v-full.webp"')
    expect(html).not.toContain('srcSet')
  })
})
