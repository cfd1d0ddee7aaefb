import { labelledValues } from './labels'

/** The moderation log's vocabulary: what the server records and how the log page names it. */

/** Every action the server writes to the moderation log, read after the moderator's name: 'Ana Souza advertiu usuário'. */
export const MODERATION_ACTION_LABELS = {
  approve_user: 'Aprovou usuário',
  set_roles: 'Alterou permissões',
  delete_user: 'Removeu usuário',
  remove_listing: 'Removeu anúncio',
  remove_wanted: 'Removeu pedido do Procura-se',
  approve_event: 'Aprovou evento',
  reject_event: 'Rejeitou evento',
  dismiss_report: 'Arquivou denúncia',
  acknowledge_barrier: 'Confirmou barreira de acessibilidade',
  warn_user: 'Advertiu usuário',
  suspend_user: 'Suspendeu usuário',
  delete_account: 'Excluiu a própria conta',
  remove_review: 'Removeu avaliação',
  create_integrity_rule: 'Criou regra de integridade acadêmica',
  update_integrity_rule: 'Alterou regra de integridade acadêmica',
  delete_integrity_rule: 'Excluiu regra de integridade acadêmica',
}
export const MODERATION_ACTIONS = labelledValues(MODERATION_ACTION_LABELS)
export type ModerationAction = (typeof MODERATION_ACTIONS)[number]

/** What a moderation action can be about. */
export const MODERATION_TARGET_LABELS = {
  listing: 'Anúncio',
  event: 'Evento',
  user: 'Usuário',
  banner: 'Banner',
  subcategory: 'Subcategoria',
  report: 'Denúncia',
  wanted: 'Pedido do Procura-se',
  review: 'Avaliação',
  integrity_rule: 'Regra de integridade acadêmica',
}
export const MODERATION_TARGETS = labelledValues(MODERATION_TARGET_LABELS)
export type ModerationTarget = (typeof MODERATION_TARGETS)[number]
