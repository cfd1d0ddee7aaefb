import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { type Banner, PromoBanner } from './promo-banner'

const renditions = {
  cardUrl: '/uploads/abc-card.webp',
  cardWidth: 640,
  phoneUrl: '/uploads/abc-phone.webp',
  phoneWidth: 960,
  fullWidth: 1600,
}

const banner: Banner = {
  id: 1,
  title: 'Semana de Desapegos',
  description: null,
  imageUrl: '/uploads/abc-full.webp',
  linkUrl: null,
  renditions,
}

describe('PromoBanner', () => {
  it('offers a phone the phone rendition and a wide screen the full one', () => {
    const html = renderToStaticMarkup(<PromoBanner banner={banner} variant="hero" />)
    expect(html).toContain(
      'srcSet="/uploads/abc-card.webp 640w, /uploads/abc-phone.webp 960w, /uploads/abc-full.webp 1600w"',
    )
    expect(html).toContain('sizes="(min-width: 72rem) 70rem, calc(100vw - 2rem)"')
    expect(html).toContain('fetchPriority="high"')
  })

  it('offers the card and full renditions of an image without a phone one of its own', () => {
    const html = renderToStaticMarkup(
      <PromoBanner
        banner={{ ...banner, renditions: { ...renditions, phoneUrl: null, phoneWidth: null } }}
        variant="hero"
      />,
    )
    expect(html).toContain('srcSet="/uploads/abc-card.webp 640w, /uploads/abc-full.webp 1600w"')
  })

  it('shows an image hosted elsewhere as it is', () => {
    const html = renderToStaticMarkup(
      <PromoBanner
        banner={{ ...banner, imageUrl: 'https://exemplo.com/b.webp', renditions: null }}
        variant="inline"
      />,
    )
    expect(html).toContain('src="https://exemplo.com/b.webp"')
    expect(html).not.toContain('srcSet')
    expect(html).not.toContain('sizes=')
  })
})
