import { eq } from 'drizzle-orm'
import { routes } from '../../shared/routes'
import { rowWhere } from '../db/rows'
import { eventRsvpNotices, events, listings, profiles } from '../db/schema'
import { blockedBetween } from '../safety/blocks'
import type { AppServices } from '../services'
import { notify } from './notify'

/**
 * The notifications of each domain event, worded once. Callers run them after their change is
 * committed: a notification describes what happened, never what was about to.
 */

export function notifyAccountApproved(services: AppServices, userId: number) {
  notify(services, {
    userId,
    kind: 'account_approved',
    title: 'Sua conta foi aprovada! Bem-vindo(a) ao Vupt',
    body: 'Agora você pode anunciar, conversar com outros estudantes e participar dos eventos.',
    link: routes.portal(),
    email: { kind: 'account_approved', about: 'account' },
  })
}

export function notifyEventDecided(services: AppServices, eventId: number, reason: string | null) {
  const event = rowWhere(services.db, events, 'id', eventId, ['title', 'organizerId', 'status'])
  if (!event) return
  const approved = event.status === 'aprovado'
  notify(services, {
    userId: event.organizerId,
    kind: approved ? 'event_approved' : 'event_rejected',
    title: approved
      ? `Seu evento "${event.title}" foi aprovado`
      : `Seu evento "${event.title}" foi rejeitado`,
    body: approved ? 'Ele já aparece na página de Eventos.' : `Motivo: ${reason ?? ''}`,
    link: routes.event(eventId),
    email: { kind: 'event_decided', about: `event:${eventId}` },
  })
}

/** Favorites and Vupts on one listing are batched into one unread notification. */
export function notifyListingReaction(services: AppServices, listingId: number, actorId: number) {
  const listing = rowWhere(services.db, listings, 'id', listingId, ['title', 'sellerId'])
  if (!listing || listing.sellerId === actorId) return
  notify(services, {
    userId: listing.sellerId,
    kind: 'listing_reaction',
    title: 'Seu anúncio chamou atenção',
    body: `"${listing.title}" foi favoritado ou recebeu Vupt!`,
    link: routes.listing(listingId),
    groupKey: `reaction:${listingId}`,
  })
}

/**
 * The organizer hears of each attendee once per event: leaving and joining again does not repeat it.
 * Never across a block, even one made between the RSVP and this notice.
 */
export function notifyEventRsvp(services: AppServices, eventId: number, attendeeId: number) {
  const { db } = services
  const event = rowWhere(db, events, 'id', eventId, ['title', 'organizerId'])
  if (!event || event.organizerId === attendeeId || blockedBetween(db, attendeeId, event.organizerId)) return
  const first = db
    .insert(eventRsvpNotices)
    .values({ eventId, userId: attendeeId })
    .onConflictDoNothing()
    .run()
  if (first.changes === 0) return
  const attendee = rowWhere(db, profiles, 'userId', attendeeId, ['fullName'])
  notify(services, {
    userId: event.organizerId,
    kind: 'event_rsvp',
    title: `Nova presença confirmada em "${event.title}"`,
    body: `${attendee?.fullName ?? 'Um estudante'} confirmou presença.`,
    link: routes.event(eventId),
    groupKey: `rsvp:${eventId}`,
  })
}

/** A place freed up and the member, first on the waitlist, now has it: in the app and by e-mail. */
export function notifyWaitlistPromoted(services: AppServices, eventId: number, userId: number) {
  const event = services.db.select({ title: events.title }).from(events).where(eq(events.id, eventId)).get()
  if (!event) return
  notify(services, {
    userId,
    kind: 'event_waitlist_promoted',
    title: `Abriu uma vaga: sua presença em "${event.title}" está confirmada`,
    body: 'Você saiu da lista de espera. Seu ingresso está em Meus eventos; se não puder ir, cancele a presença para liberar a vaga.',
    link: routes.event(eventId),
    email: { kind: 'event_waitlist', about: `event:${eventId}` },
  })
}

const PREVIEW_CHARS = 140

/**
 * A new chat message, for the recipient's devices: the sender's name and (with "Mostrar prévia") the
 * start of the text. One tag and push topic per conversation, so a burst is one alert on the lock screen.
 */
export function notifyChatMessage(
  services: AppServices,
  recipientId: number,
  message: { conversationId: number; senderId: number | null; content: string; photos: readonly unknown[] },
) {
  const sender = message.senderId
    ? rowWhere(services.db, profiles, 'userId', message.senderId, ['fullName'])
    : undefined
  const text = message.content.trim()
  const preview =
    text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text || 'Enviou uma foto.'
  notify(services, {
    userId: recipientId,
    kind: 'chat_message',
    title: `Nova mensagem de ${sender?.fullName ?? 'um estudante'}`,
    link: routes.conversation(message.conversationId),
    push: {
      preview,
      tag: `chat-${message.conversationId}`,
      topic: `chat-${message.conversationId}`,
      conversationId: message.conversationId,
    },
  })
}
