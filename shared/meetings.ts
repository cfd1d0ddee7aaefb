import type { MeetingStatus } from './deals'
import { routes } from './routes'

/** Times offered in one proposal. */
export const MEETING_TIMES_MAX = 3
/** How far ahead a meeting may be proposed. */
export const MEETING_DAYS_AHEAD_MAX = 14
/** A meeting is proposed at least this far ahead: the code opens two hours before, so never "now". */
export const MEETING_MIN_LEAD_MS = 30 * 60 * 1000
export const MEETING_CANCEL_REASON_MIN = 3
export const MEETING_CANCEL_REASON_MAX = 300
/** The community's clock: a spot's hours and weekdays are read on it. */
export const MEETING_TIME_ZONE = 'America/Sao_Paulo'
/** Both sides are reminded this long before the agreed time. */
export const MEETING_REMINDER_BEFORE_MS = 60 * 60 * 1000
/** An agreed meeting never confirmed lapses (`expirada`) this long after its time; so does its code. */
export const MEETING_LAPSE_AFTER_MS = 24 * 60 * 60 * 1000
/** The seller's code can be opened from this long before the agreed time (people arrive early). */
export const HANDOFF_OPENS_BEFORE_MS = 2 * 60 * 60 * 1000

/** Read aloud or typed from the seller's screen: no letters or digits that look alike (I/1, O/0). */
export const HANDOFF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
/** 32⁶ ≈ 10⁹ codes, against a handful of guesses allowed per meeting. */
export const HANDOFF_CODE_LENGTH = 6

/** The hand-off link's fragment: the code rides after `#`, which a browser never sends to a server. */
export const handoffFragment = (code: string) => `#codigo=${code}`

/**
 * What the QR code holds, under the community's address: the meeting's confirmation page with the code in
 * the fragment, so a phone's own camera app opens Vupt on it, and a code of another meeting is named as such.
 */
export const handoffLinkPath = (meetingId: number, code: string) =>
  `${routes.handoff(meetingId)}${handoffFragment(code)}`

/** The code a hand-off link carries in its fragment (`#codigo=ABCDEF`), or null. */
export function codeInFragment(hash: string): string | null {
  const match = /^#codigo=([A-Za-z0-9]{1,12})$/.exec(hash)
  return match?.[1] ? match[1].toUpperCase() : null
}

/** A scanned QR code (the hand-off link) or a typed code; case, spaces and hyphens do not matter. A typed code names no meeting. */
export function readHandoffCode(text: string): { meetingId: number | null; code: string } {
  const link = /\/entregas\/(\d{1,12})#codigo=([A-Za-z0-9]+)$/.exec(text.trim())
  if (link) return { meetingId: Number(link[1]), code: (link[2] ?? '').toUpperCase() }
  return { meetingId: null, code: text.replace(/[\s-]/g, '').toUpperCase() }
}

/** Shown as two groups of three (ABC-DEF). */
export const formatHandoffCode = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`

export type MeetingSpotView = {
  id: number
  name: string
  description: string
  opensAt: string
  closesAt: string
  weekdays: number
}

/** A meeting as both participants receive it, in the thread, in "Minhas entregas" and live (ISO dates). */
export type MeetingView = {
  id: number
  conversationId: number
  dealId: number
  listingId: number | null
  listingTitle: string | null
  sellerId: number
  buyerId: number
  proposedById: number
  spot: MeetingSpotView
  /** The times offered, earliest first. */
  proposedTimes: string[]
  status: MeetingStatus
  scheduledAt: string | null
  confirmedAt: string | null
  cancelledById: number | null
  /** Null on a cancelled proposal means a newer proposal replaced it. */
  cancelReason: string | null
  createdAt: string
  updatedAt: string
}

export const MEETING_STATUS_LABELS: Record<MeetingStatus, string> = {
  proposta: 'Aguardando resposta',
  combinada: 'Entrega combinada',
  confirmada: 'Entrega confirmada',
  cancelada: 'Cancelada',
  expirada: 'Expirada',
}
