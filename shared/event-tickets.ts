import { z } from 'zod'

/** Ticket codes are typed at the door from a phone screen: no letters or digits that look alike (I/1, O/0). */
export const TICKET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
/** 32⁸ ≈ 10¹² codes: far beyond guessing through the check-in's rate limit, still quick to type. */
export const TICKET_CODE_LENGTH = 8

/** What a ticket's QR code holds: the event and the code, so a ticket of another event is named as such. */
export const ticketQrPayload = (eventId: number, code: string) => `VUPT-EVENTO:${eventId}:${code}`

/** Shown as two groups of four (ABCD-EFGH), as people read a code aloud. */
export const formatTicketCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`

export type ScannedTicket = { eventId: number | null; code: string }

/**
 * A QR payload or a typed code as the checker entered it: case, spaces and hyphens do not matter. A
 * typed code names no event (`eventId` null).
 */
export function readTicket(text: string): ScannedTicket {
  const qr = /^VUPT-EVENTO:(\d{1,12}):([A-Za-z0-9]+)$/.exec(text.trim())
  if (qr) return { eventId: Number(qr[1]), code: (qr[2] ?? '').toUpperCase() }
  return { eventId: null, code: text.replace(/[\s-]/g, '').toUpperCase() }
}

export const checkInInputSchema = z.object({
  id: z.number().int().positive(),
  /** The QR code's text or the code as typed. */
  ticket: z
    .string()
    .trim()
    .min(1, { error: 'Digite o código do ingresso' })
    .max(40, { error: 'Código inválido' }),
})
