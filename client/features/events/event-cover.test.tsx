import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { EventCover } from './event-cover'

const renditions = {
  cardUrl: '/uploads/ev-card.webp',
  cardWidth: 640,
  phoneUrl: '/uploads/ev-phone.webp',
  phoneWidth: 960,
  fullWidth: 2000,
}
const SIZES = 'calc(100vw - 2rem)'

describe('EventCover', () => {
  it('offers the card, phone and full renditions with their widths, for the cover’s width', () => {
    const html = renderToStaticMarkup(
      <EventCover imageUrl="/uploads/ev-full.webp" renditions={renditions} sizes={SIZES} />,
    )
    expect(html).toContain(
      'srcSet="/uploads/ev-card.webp 640w, /uploads/ev-phone.webp 960w, /uploads/ev-full.webp 2000w"',
    )
    expect(html).toContain(`sizes="${SIZES}"`)
    expect(html).toContain('src="/uploads/ev-full.webp"')
  })

  it('shows a picture without renditions (given by URL) as it is, and none as the gradient', () => {
    const given = renderToStaticMarkup(<EventCover imageUrl="/uploads/ev-full.webp" sizes={SIZES} />)
    expect(given).toContain('src="/uploads/ev-full.webp"')
    expect(given).not.toContain('srcSet')
    expect(given).not.toContain('sizes=')
    const none = renderToStaticMarkup(<EventCover imageUrl={null} renditions={null} sizes={SIZES} />)
    expect(none).not.toContain('<img')
    expect(none).toContain('bg-community-gradient')
  })
})
