/** Domain enums of the specification, with their pt-BR labels. */

export const ROLES = ['user', 'moderator', 'admin'] as const
export type Role = (typeof ROLES)[number]
export const ROLE_LABELS: Record<Role, string> = {
  user: 'Usuário',
  moderator: 'Moderador',
  admin: 'Administrador',
}

export const LISTING_CONDITIONS = ['novo', 'seminovo', 'usado'] as const
export type ListingCondition = (typeof LISTING_CONDITIONS)[number]
export const CONDITION_LABELS: Record<ListingCondition, string> = {
  novo: 'Novo',
  seminovo: 'Seminovo',
  usado: 'Usado',
}

export const LISTING_STATUSES = ['ativo', 'vendido', 'inativo'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  ativo: 'Ativo',
  vendido: 'Vendido',
  inativo: 'Inativo',
}

/**
 * A hold the system puts on a listing, apart from the seller's own status: 'expired' once its 60 days
 * run out (until the seller renews it), 'alumni' while its seller is an egresso (until they confirm their
 * institutional e-mail again). A held listing is not live, whatever its status.
 */
export const LISTING_HOLDS = ['expired', 'alumni'] as const
export type ListingHold = (typeof LISTING_HOLDS)[number]

export const MODERATION_STATUSES = ['active', 'removed'] as const
export type ModerationStatus = (typeof MODERATION_STATUSES)[number]

export const EVENT_STATUSES = ['pendente', 'aprovado', 'rejeitado', 'cancelado'] as const
export type EventStatus = (typeof EVENT_STATUSES)[number]
export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  pendente: 'Aguardando aprovação',
  aprovado: 'Aprovado',
  rejeitado: 'Rejeitado',
  cancelado: 'Cancelado',
}

export const BANNER_PLACEMENTS = ['hero_banner', 'category_card', 'between_products'] as const
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number]

export const MAIN_CATEGORY_SLUGS = ['criacoes', 'servicos', 'desapegos'] as const
export type MainCategorySlug = (typeof MAIN_CATEGORY_SLUGS)[number]
