import { BANNER_PLACEMENTS, type BannerPlacement } from '@shared/domain'
import type { BannerInput } from '@shared/schemas/admin'

/** A banner as `admin.banners.list` returns it (dates as ISO strings: no transformer). */
export type BannerRow = {
  id: number
  title: string
  description: string | null
  imageUrl: string
  linkUrl: string | null
  placement: BannerPlacement
  active: boolean
  displayOrder: number
}

/** The banners of each placement, in the placements' order, each group sorted by its display order. */
export function groupByPlacement<T extends Pick<BannerRow, 'id' | 'placement' | 'displayOrder'>>(
  banners: readonly T[],
): { placement: BannerPlacement; banners: T[] }[] {
  return BANNER_PLACEMENTS.map((placement) => ({
    placement,
    banners: banners
      .filter((banner) => banner.placement === placement)
      .sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id),
  }))
}

/** The form's starting values: the banner being edited, or an empty active hero banner. */
export function bannerFormDefaults(banner?: BannerRow): BannerInput {
  return {
    title: banner?.title ?? '',
    description: banner?.description ?? '',
    imageUrl: banner?.imageUrl ?? '',
    imageUploadId: null,
    linkUrl: banner?.linkUrl ?? '',
    placement: banner?.placement ?? 'hero_banner',
    active: banner?.active ?? true,
    displayOrder: banner?.displayOrder ?? 0,
  }
}

/** Whether the URL field holds something the preview can load (the schema's own rule). */
export function previewableImageUrl(value: string | undefined): string | null {
  const url = value?.trim() ?? ''
  return url.startsWith('https://') || url.startsWith('/') ? url : null
}
