import { bannerInputSchema } from '@shared/schemas/admin'
import { describe, expect, it } from 'vitest'
import { type BannerRow, bannerFormDefaults, groupByPlacement, previewableImageUrl } from './banner-form'

const banner = (id: number, placement: BannerRow['placement'], displayOrder: number): BannerRow => ({
  id,
  title: `Banner ${id}`,
  description: null,
  imageUrl: 'https://example.com/a.jpg',
  linkUrl: null,
  placement,
  active: true,
  displayOrder,
})

describe('groupByPlacement', () => {
  it('keeps every placement, in order, each sorted by display order', () => {
    const groups = groupByPlacement([
      banner(1, 'between_products', 5),
      banner(2, 'hero_banner', 3),
      banner(3, 'hero_banner', 1),
      banner(4, 'hero_banner', 1),
    ])
    expect(groups.map((group) => group.placement)).toEqual([
      'hero_banner',
      'category_card',
      'between_products',
    ])
    expect(groups[0]?.banners.map((item) => item.id)).toEqual([3, 4, 2])
    expect(groups[1]?.banners).toEqual([])
    expect(groups[2]?.banners.map((item) => item.id)).toEqual([1])
  })
})

describe('bannerFormDefaults', () => {
  it('starts a new banner empty (and invalid until filled)', () => {
    const values = bannerFormDefaults()
    expect(values).toMatchObject({ title: '', placement: 'hero_banner', active: true, displayOrder: 0 })
    expect(bannerInputSchema.safeParse(values).success).toBe(false)
  })

  it('loads a banner being edited into values the schema accepts', () => {
    const parsed = bannerInputSchema.parse(bannerFormDefaults(banner(7, 'category_card', 2)))
    expect(parsed).toMatchObject({ title: 'Banner 7', description: null, linkUrl: null, displayOrder: 2 })
  })
})

describe('previewableImageUrl', () => {
  it('accepts https:// and site paths only', () => {
    expect(previewableImageUrl(' https://cdn.example.com/x.webp ')).toBe('https://cdn.example.com/x.webp')
    expect(previewableImageUrl('/uploads/x.webp')).toBe('/uploads/x.webp')
    expect(previewableImageUrl('http://example.com/x.png')).toBeNull()
    expect(previewableImageUrl(undefined)).toBeNull()
  })
})
