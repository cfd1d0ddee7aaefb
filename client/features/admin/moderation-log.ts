import { ROLE_LABELS, ROLES, type Role } from '@shared/domain'
import {
  MODERATION_ACTION_LABELS,
  MODERATION_TARGET_LABELS,
  type ModerationAction,
  type ModerationTarget,
} from '@shared/moderation'
import { routes } from '@shared/routes'

const isAction = (value: string): value is ModerationAction => Object.hasOwn(MODERATION_ACTION_LABELS, value)
const isTarget = (value: string): value is ModerationTarget => Object.hasOwn(MODERATION_TARGET_LABELS, value)

/** The pt-BR name of a logged action; a line written by a newer server than this page still reads as something. */
export function actionLabel(actionType: string): string {
  return isAction(actionType) ? MODERATION_ACTION_LABELS[actionType] : `Ação: ${actionType}`
}

/** 'Anúncio #12'. */
export function targetLabel(targetType: string, targetId: number): string {
  return `${isTarget(targetType) ? MODERATION_TARGET_LABELS[targetType] : targetType} #${targetId}`
}

/** Where the target can be seen (relative to the community prefix), or null (people, banners…). */
export function targetHref(targetType: string, targetId: number): string | null {
  // The moderation preview shows a listing in any state; the listing page only a live one.
  if (targetType === 'listing') return routes.admin.listing(targetId)
  if (targetType === 'event') return routes.event(targetId)
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
