import { ROLE_LABELS, ROLES, type Role } from '@shared/domain'

/** The action types the server writes to the moderation log, in pt-BR. */
export const MODERATION_ACTION_LABELS: Record<string, string> = {
  approve_user: 'Aprovou usuário',
  set_roles: 'Alterou permissões',
  delete_user: 'Removeu usuário',
  remove_listing: 'Removeu anúncio',
  remove_wanted: 'Removeu pedido do Procura-se',
  approve_event: 'Aprovou evento',
  reject_event: 'Rejeitou evento',
  delete_account: 'Excluiu a própria conta',
}

/** An action added on the server before the client knows it still reads as something. */
export function actionLabel(actionType: string): string {
  return MODERATION_ACTION_LABELS[actionType] ?? `Ação: ${actionType}`
}

export const TARGET_TYPE_LABELS: Record<string, string> = {
  listing: 'Anúncio',
  event: 'Evento',
  user: 'Usuário',
  banner: 'Banner',
  subcategory: 'Subcategoria',
  wanted: 'Pedido do Procura-se',
}

/** 'Anúncio #12'. */
export function targetLabel(targetType: string, targetId: number): string {
  return `${TARGET_TYPE_LABELS[targetType] ?? targetType} #${targetId}`
}

/** Where the target can be seen (relative to the community prefix), or null (people, banners…). */
export function targetHref(targetType: string, targetId: number): string | null {
  // The moderation preview shows a listing in any state; the listing page only a live one.
  if (targetType === 'listing') return `/admin/anuncios/${targetId}`
  if (targetType === 'event') return `/evento/${targetId}`
  return null
}

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value)

/** The 'why'. For set_roles the server stores the new roles ('user, admin'): shown with their labels. */
export function reasonText(actionType: string, reason: string | null): string | null {
  if (!reason) return null
  if (actionType !== 'set_roles') return reason
  const roles = reason
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean)
  if (!roles.every(isRole)) return reason
  return `Novas permissões: ${roles.map((role) => ROLE_LABELS[role]).join(', ')}`
}

type Actor = { fullName: string | null; username: string | null } | null

/** The 'who': a deleted account leaves no name, and deleting one's own account has no moderator. */
export function actorName(actionType: string, moderator: Actor): string {
  if (actionType === 'delete_account') return 'O próprio usuário'
  if (!moderator?.fullName) return 'Conta removida'
  return moderator.username ? `${moderator.fullName} (@${moderator.username})` : moderator.fullName
}
