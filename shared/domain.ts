/** Domain enums of the specification, with their pt-BR labels. */

export const ROLES = ['user', 'moderator', 'admin'] as const
export type Role = (typeof ROLES)[number]
export const ROLE_LABELS: Record<Role, string> = {
  user: 'Usuário',
  moderator: 'Moderador',
  admin: 'Administrador',
}

export const PRODUCT_CONDITIONS = ['novo', 'seminovo', 'usado'] as const
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number]
export const CONDITION_LABELS: Record<ProductCondition, string> = {
  novo: 'Novo',
  seminovo: 'Seminovo',
  usado: 'Usado',
}

export const PRODUCT_STATUSES = ['ativo', 'vendido', 'inativo'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  ativo: 'Ativo',
  vendido: 'Vendido',
  inativo: 'Inativo',
}

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

export const AD_PLACEMENTS = ['hero_banner', 'category_card', 'between_products'] as const
export type AdPlacement = (typeof AD_PLACEMENTS)[number]

export const MAIN_CATEGORY_SLUGS = ['criacoes', 'servicos', 'desapegos'] as const
export type MainCategorySlug = (typeof MAIN_CATEGORY_SLUGS)[number]
