import { EMAIL_KINDS, type EmailKind, type NotificationKind } from './safety'

/** Sent unless turned off: what a student wants to hear about with the app closed. The rest waits in the bell. */
const PUSHED_BY_DEFAULT = [
  'chat_message',
  'offer_received',
  'offer_answered',
  'meeting_updates',
  'meeting_reminder',
  'handoff_confirmed',
  'event_waitlist',
] as const

/**
 * What a member turns push on or off for: one row of Minha Conta → Notificações each. Chat messages
 * have no row in the bell (the inbox counts them) but do push.
 */
export const PUSH_KINDS = [
  ...PUSHED_BY_DEFAULT,
  'review_received',
  'price_drop',
  'wanted_match',
  'listing_reaction',
  'listing_expiring',
  'listing_removed',
  'event_decided',
  'event_rsvp',
  'account',
] as const
export type PushKind = (typeof PUSH_KINDS)[number]

export const PUSH_ON_BY_DEFAULT: ReadonlySet<PushKind> = new Set<PushKind>(PUSHED_BY_DEFAULT)

/** Message text on the lock screen is opt-in for chat (anyone holding the phone reads it); on for the rest. */
export const PUSH_PREVIEW_OFF_BY_DEFAULT: ReadonlySet<PushKind> = new Set<PushKind>(['chat_message'])

export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  chat_message: 'Novas mensagens no chat',
  offer_received: 'Você recebeu uma oferta ou contraproposta',
  offer_answered: 'Sua oferta foi aceita ou recusada',
  meeting_updates: 'Uma entrega foi proposta, combinada ou cancelada',
  meeting_reminder: 'Lembrete uma hora antes de uma entrega combinada',
  handoff_confirmed: 'Uma entrega sua foi confirmada pelo código',
  event_waitlist: 'Sua vaga num evento: saiu da lista de espera ou foi cancelada',
  review_received: 'Alguém avaliou você depois de uma entrega',
  price_drop: 'Um favorito ficou mais barato',
  wanted_match: 'Alguém anunciou o que você procura',
  listing_reaction: 'Favoritos e Vupts nos seus anúncios',
  listing_expiring: 'Um anúncio seu expira em 7 dias',
  listing_removed: 'Anúncio ou pedido removido pela moderação',
  event_decided: 'Evento aprovado ou rejeitado',
  event_rsvp: 'Nova presença num evento seu',
  account: 'Sua conta: aprovação, advertências, denúncias e reconfirmação do e-mail',
}

/** The push row each bell notification belongs to. */
export const PUSH_KIND_OF: Record<NotificationKind, PushKind> = {
  review_received: 'review_received',
  account_approved: 'account',
  listing_removed: 'listing_removed',
  listing_expiring: 'listing_expiring',
  reverification: 'account',
  event_approved: 'event_decided',
  event_rejected: 'event_decided',
  report_resolved: 'account',
  listing_reaction: 'listing_reaction',
  event_rsvp: 'event_rsvp',
  warning: 'account',
  meeting_proposed: 'meeting_updates',
  meeting_agreed: 'meeting_updates',
  meeting_cancelled: 'meeting_updates',
  meeting_reminder: 'meeting_reminder',
  handoff_confirmed: 'handoff_confirmed',
  price_drop: 'price_drop',
  wanted_match: 'wanted_match',
  wanted_removed: 'listing_removed',
  offer_received: 'offer_received',
  offer_answered: 'offer_answered',
  event_waitlist_promoted: 'event_waitlist',
  event_seat_cancelled: 'event_waitlist',
}

const isEmailKind = (kind: PushKind): kind is PushKind & EmailKind =>
  (EMAIL_KINDS as readonly string[]).includes(kind)

/**
 * The e-mail a push row shares its subject with, shown in the same row of the settings: the one of the
 * same name, and for chat messages and the account the digest and the approval.
 */
export const EMAIL_KIND_OF_PUSH: Partial<Record<PushKind, EmailKind>> = {
  ...Object.fromEntries(PUSH_KINDS.filter(isEmailKind).map((kind) => [kind, kind])),
  chat_message: 'chat_digest',
  account: 'account_approved',
}

/** Devices (browsers) one member may receive pushes on: a phone, a laptop, a tablet and then some. */
export const MAX_PUSH_DEVICES = 5
/** A push service's endpoint URL; the big ones are under 500 characters. */
export const MAX_PUSH_ENDPOINT_LENGTH = 1000

/** What the service worker receives (and nothing else of the conversation): kept small on purpose. */
export type PushPayload = {
  title: string
  body: string
  /** Absolute path the tap opens, with the community prefix. */
  url: string
  /** Same tag, same notification: a newer one replaces it on the lock screen. */
  tag: string
  /** The member's unread notifications and messages, for the app icon badge. */
  badge: number
}

/** A device as Minha Conta lists it. */
export type PushDevice = { id: number; label: string; createdAt: string; current: boolean }
