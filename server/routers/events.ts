import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { EVENT_STATUSES } from '../../shared/domain'
import { EVENT_TABS, eventInputSchema, rejectEventSchema } from '../../shared/schemas/event'
import { singleLineText } from '../../shared/schemas/text'
import type { CurrentUser } from '../auth/identity'
import { memberCommunityId, resolveCommunityId } from '../communities/scope'
import { eventAttendees } from '../db/schema'
import {
  attendedBy,
  findEvent,
  isGoing,
  listApprovedEvents,
  moderationQueue,
  organizedBy,
} from '../events/queries'
import {
  attendEvent,
  cancelEvent,
  createEvent,
  decideEvent,
  eventNotFound,
  leaveEvent,
  updateEvent,
} from '../events/rules'
import { isPublicStatus } from '../events/visibility'
import { notifyEventDecided, notifyEventRsvp } from '../notifications/kinds'
import { approvedProcedure, moderatorProcedure, publicProcedure, router } from '../trpc/init'

const idInput = z.object({ id: z.number().int().positive() })

const canModerate = (user: CurrentUser | null) =>
  Boolean(user?.roles.includes('admin') || user?.roles.includes('moderator'))

export const eventsRouter = router({
  /** Public list: approved events of the community; 'Próximos' by default. */
  list: publicProcedure
    .input(
      z.object({
        communitySlug: z.string().max(50).optional(),
        tab: z.enum(EVENT_TABS).default('proximos'),
        q: singleLineText().max(100).optional(),
      }),
    )
    .query(({ ctx, input }) =>
      listApprovedEvents(ctx.db, resolveCommunityId(ctx, input.communitySlug), input.tab, input.q).map(
        ({ rejectionReason: _reason, communityId: _community, organizerId: _organizer, ...event }) => event,
      ),
    ),

  /** Public detail of an approved event; the organizer and moderators also see it before approval. */
  byId: publicProcedure.input(idInput).query(({ ctx, input }) => {
    const event = findEvent(ctx.db, input.id)
    if (!event) throw eventNotFound()
    const isOrganizer = ctx.user?.id === event.organizerId
    const sameCommunity = ctx.user?.approved ? ctx.user.communityId === event.communityId : true
    const visible = sameCommunity && (isPublicStatus(event.status) || isOrganizer || canModerate(ctx.user))
    if (!visible) throw eventNotFound()
    const { communityId: _community, organizerId: _organizer, rejectionReason, ...rest } = event
    return {
      ...rest,
      // The reason is for the organizer (and moderators), not the public.
      rejectionReason: isOrganizer || canModerate(ctx.user) ? rejectionReason : null,
      isOrganizer,
      canEdit: isOrganizer && event.status === 'pendente',
      isGoing: isGoing(ctx.db, event.id, ctx.user?.id),
    }
  }),

  /** The member's own events, of every status (with the rejection reason). */
  mine: approvedProcedure.query(({ ctx }) => organizedBy(ctx.db, ctx.user.id)),

  /** The events the member will attend (or attended), approved or called off since. */
  attending: approvedProcedure.query(({ ctx }) =>
    attendedBy(ctx.db, ctx.user.id).map(
      ({ rejectionReason: _reason, communityId: _community, organizerId: _organizer, ...event }) => event,
    ),
  ),

  create: approvedProcedure
    .input(eventInputSchema)
    .mutation(({ ctx, input }) => createEvent(ctx, ctx.user, input)),

  update: approvedProcedure
    .input(eventInputSchema.extend({ id: z.number().int().positive() }))
    .mutation(({ ctx, input: { id, ...input } }) => updateEvent(ctx, ctx.user, id, input)),

  cancel: approvedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => cancelEvent(ctx.db, ctx.user, input.id)),

  attend: approvedProcedure.input(idInput).mutation(({ ctx, input }) => {
    const already = ctx.db
      .select({ eventId: eventAttendees.eventId })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, input.id), eq(eventAttendees.userId, ctx.user.id)))
      .get()
    const result = attendEvent(ctx.db, ctx.user, input.id)
    if (!already) notifyEventRsvp(ctx, input.id, ctx.user.id)
    return result
  }),

  unattend: approvedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => leaveEvent(ctx.db, ctx.user, input.id)),

  /** Moderation queue of the moderator's community, by status, newest first. */
  moderation: moderatorProcedure
    .input(z.object({ status: z.enum(EVENT_STATUSES).default('pendente') }))
    .query(({ ctx, input }) => moderationQueue(ctx.db, memberCommunityId(ctx.user), input.status)),

  approve: moderatorProcedure.input(idInput).mutation(({ ctx, input }) => {
    const decided = decideEvent(ctx, ctx.user, input.id, { approve: true })
    notifyEventDecided(ctx, input.id, null)
    return decided
  }),

  reject: moderatorProcedure.input(rejectEventSchema).mutation(({ ctx, input }) => {
    const decided = decideEvent(ctx, ctx.user, input.id, { approve: false, reason: input.reason })
    notifyEventDecided(ctx, input.id, input.reason)
    return decided
  }),
})
