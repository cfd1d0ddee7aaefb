import type { BannerInput } from '../../shared/schemas/admin'

/** A banner form as an administrator fills it in: the hero banner, active, first in order. */
export const bannerInput: BannerInput = {
  title: 'Semana de Desapegos',
  description: 'Tudo com preço de estudante.',
  imageUrl: 'https://exemplo.com/banner.webp',
  linkUrl: 'https://exemplo.com',
  placement: 'hero_banner',
  active: true,
  displayOrder: 0,
}
