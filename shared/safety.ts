import { labelledValues } from './labels'
import { routes } from './routes'
/** Safety vocabulary both sides use: report reasons, scam signals and their pt-BR texts. */

export const SCAM_SIGNALS = [
  'pix_before_meeting',
  'verification_code',
  'outside_payment_link',
  'phone_first_message',
] as const
export type ScamSignal = (typeof SCAM_SIGNALS)[number]

/** The discreet line shown under a received message. */
export const SCAM_WARNINGS: Record<ScamSignal, string> = {
  pix_before_meeting:
    'Cuidado: pedir Pix antes de vocês se encontrarem é o golpe mais comum. Pague só na entrega, com o item em mãos.',
  verification_code:
    'Nunca passe códigos de verificação recebidos por SMS, WhatsApp ou e-mail: com eles, golpistas tomam suas contas.',
  outside_payment_link:
    'Este link leva para fora do Vupt. Não pague nem informe dados em páginas de pagamento ou de frete enviadas pelo chat.',
  phone_first_message:
    'Quem pede para continuar a conversa fora do Vupt logo na primeira mensagem pode estar tentando escapar da moderação.',
}

/** The FAQ's safety tips (the question opens itself when the page is reached with its anchor). */
export const SAFETY_TIPS_PATH = `${routes.faq()}#negociacao-segura`

// ---------------------------------------------------------------- reports

/** What a member can report from the content itself (the Denunciar buttons). */
export const CONTENT_REPORT_TARGETS = ['listing', 'user', 'message', 'wanted', 'review'] as const
/** Everything the Denúncias queue holds: content, and the accessibility barriers members tell about. */
export const REPORT_TARGETS = [...CONTENT_REPORT_TARGETS, 'barrier'] as const
export type ReportTarget = (typeof REPORT_TARGETS)[number]
export type ContentReportTarget = (typeof CONTENT_REPORT_TARGETS)[number]

/** The reasons a member picks when reporting content. */
export const CONTENT_REPORT_REASONS = [
  'scam',
  'prohibited',
  'harassment',
  'spam',
  'fake_profile',
  'other',
] as const
/** Besides a member's reasons: a barrier, and a publication an academic-integrity rule sent to review. */
export const REPORT_REASONS = [...CONTENT_REPORT_REASONS, 'accessibility', 'integrity'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]
export type ContentReportReason = (typeof CONTENT_REPORT_REASONS)[number]

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Golpe ou fraude',
  prohibited: 'Item proibido',
  harassment: 'Assédio ou ofensa',
  spam: 'Spam',
  fake_profile: 'Perfil falso',
  other: 'Outro',
  accessibility: 'Barreira de acessibilidade',
  integrity: 'Integridade acadêmica (regra da comunidade)',
}

/** Limits of a barrier report: where it happened and what the member uses to navigate. */
export const BARRIER_PAGE_MAX = 200
export const BARRIER_TOOL_MAX = 120

export const REPORT_DETAILS_MAX = 1000
/** The FAQ's promise: every report is looked at within this many hours. */
export const REPORT_REVIEW_HOURS = 24

/** What the reporter reads in Minha Conta and in the notification. */
export const REPORT_RESOLUTION_LABELS = {
  dismissed: 'Analisada: nenhuma violação encontrada',
  listing_removed: 'Anúncio removido',
  warned: 'O membro recebeu uma advertência',
  suspended: 'O membro foi suspenso',
  account_removed: 'A conta foi removida',
  barrier_acknowledged: 'Barreira confirmada: a equipe vai corrigir e avisar você',
  wanted_removed: 'Pedido removido',
  review_removed: 'Avaliação removida',
}
export const REPORT_RESOLUTIONS = labelledValues(REPORT_RESOLUTION_LABELS)
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number]

export const REPORT_TARGET_LABELS: Record<ReportTarget, string> = {
  listing: 'Anúncio',
  user: 'Perfil',
  message: 'Mensagem',
  barrier: 'Barreira de acessibilidade',
  wanted: 'Pedido do Procura-se',
  review: 'Avaliação',
}

export const SANCTION_KINDS = ['warning', 'suspension'] as const
export type SanctionKind = (typeof SANCTION_KINDS)[number]
export const SUSPENSION_DAYS_MAX = 365

// ---------------------------------------------------------------- notifications

export const NOTIFICATION_KINDS = [
  'review_received',
  'account_approved',
  'listing_removed',
  'listing_expiring',
  'reverification',
  'event_approved',
  'event_rejected',
  'report_resolved',
  'listing_reaction',
  'event_rsvp',
  'warning',
  'meeting_proposed',
  'meeting_agreed',
  'meeting_cancelled',
  'meeting_reminder',
  'handoff_confirmed',
  'price_drop',
  'wanted_match',
  'wanted_removed',
  'offer_received',
  'offer_answered',
  'event_waitlist_promoted',
  'event_seat_cancelled',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** E-mails a member may turn off, each with its own unsubscribe link. */
export const EMAIL_KIND_LABELS = {
  review_received: 'Alguém avaliou você depois de uma entrega',
  account_approved: 'Conta aprovada',
  listing_removed: 'Anúncio removido pela moderação',
  listing_expiring: 'Um anúncio seu expira em 7 dias',
  event_decided: 'Evento aprovado ou rejeitado',
  meeting_updates: 'Uma entrega foi proposta, combinada ou cancelada',
  meeting_reminder: 'Lembrete uma hora antes de uma entrega combinada',
  handoff_confirmed: 'Uma entrega sua foi confirmada pelo código',
  chat_digest: 'Resumo de mensagens não lidas há uma hora',
  price_drop: 'Um favorito ficou mais barato',
  wanted_match: 'Alguém anunciou o que você procura',
  offer_received: 'Você recebeu uma oferta ou contraproposta',
  offer_answered: 'Sua oferta foi aceita ou recusada',
  event_waitlist: 'Sua vaga saiu na lista de espera de um evento',
}
export const EMAIL_KINDS = labelledValues(EMAIL_KIND_LABELS)
export type EmailKind = (typeof EMAIL_KINDS)[number]

export const NOTIFICATIONS_PAGE_SIZE = 30
