import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ListingGallery } from './listing-gallery'

describe('ListingGallery', () => {
  it('offers a phone the phone rendition of a photo whose size it knows', () => {
    const html = renderToStaticMarkup(
      <ListingGallery
        title="Violão"
        images={[
          {
            cardUrl: '/uploads/v-card.webp',
            cardWidth: 640,
            phoneUrl: '/uploads/v-phone.webp',
            phoneWidth: 960,
            fullUrl: '/uploads/v-full.webp',
            width: 1600,
            height: 1200,
          },
        ]}
      />,
    )
    expect(html).toContain(
      'srcSet="/uploads/v-card.webp 640w, /uploads/v-phone.webp 960w, /uploads/v-full.webp 1600w"',
    )
    expect(html).toMatch(/sizes="[^"]*calc\(100vw - 2rem\)"/)
  })

  it('offers the card and full renditions of a photo without a phone one', () => {
    const html = renderToStaticMarkup(
      <ListingGallery
        title="Violão"
        images={[
          {
            cardUrl: '/uploads/v-card.webp',
            cardWidth: 640,
            phoneUrl: null,
            phoneWidth: null,
            fullUrl: '/uploads/v-full.webp',
            width: 900,
            height: 600,
          },
        ]}
      />,
    )
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
