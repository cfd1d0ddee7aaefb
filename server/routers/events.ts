import { z } from 'zod'
import { EVENT_STATUSES } from '../../shared/domain'
import { checkInInputSchema } from '../../shared/event-tickets'
import {
  capacityInputSchema,
  EVENT_TABS,
  eventInputSchema,
  rejectEventSchema,
} from '../../shared/schemas/event'
import { idInput } from '../../shared/schemas/ids'
import { singleLineText } from '../../shared/schemas/text'
import { memberCommunityId, resolveCommunityId } from '../communities/scope'
import { organizedBy } from '../events/queries'
import { eventRoster, eventRosterCsv } from '../events/roster'
import { attendEvent, cancelEvent, createEvent, decideEvent, leaveEvent, updateEvent } from '../events/rules'
import { checkIn, checkInSummary, myTicket } from '../events/tickets'
import { attendingList, eventDetail, moderationList, publicEventList, waitingList } from '../events/views'
import { setEventCapacity } from '../events/waitlist'
import { approvedProcedure, moderatorProcedure, publicProcedure, router } from '../trpc/init'

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
      publicEventList(ctx, resolveCommunityId(ctx, input.communitySlug), input.tab, input.q),
    ),

  /** Public detail of an approved event; the organizer and moderators also see it before approval. */
  byId: publicProcedure.input(idInput).query(({ ctx, input }) => eventDetail(ctx, ctx.user, input.id)),

  /** The member's own events, of every status (with the rejection reason). */
  mine: approvedProcedure.query(({ ctx }) => organizedBy(ctx.db, ctx.user.id)),

  /** The events the member will attend (or attended), approved or called off since. */
  attending: approvedProcedure.query(({ ctx }) => attendingList(ctx, ctx.user.id)),

  create: approvedProcedure
    .input(eventInputSchema)
    .mutation(({ ctx, input }) => createEvent(ctx, ctx.user, input)),

  update: approvedProcedure
    .input(eventInputSchema.extend({ id: z.number().int().positive() }))
    .mutation(({ ctx, input: { id, ...input } }) => updateEvent(ctx, ctx.user, id, input)),

  cancel: approvedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => cancelEvent(ctx.db, ctx.user, input.id)),

  attend: approvedProcedure.input(idInput).mutation(({ ctx, input }) => attendEvent(ctx, ctx.user, input.id)),

  /** Cancels the member's presence (the first on the waitlist takes the place) or their place on the list. */
  unattend: approvedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => leaveEvent(ctx, ctx.user, input.id)),

  /** The events whose waitlist the member is on, with their position. */
  waiting: approvedProcedure.query(({ ctx }) => waitingList(ctx, ctx.user.id)),

  /** The organizer changes the number of places of an approved event; places opened go to the list. */
  setCapacity: approvedProcedure
    .input(capacityInputSchema)
    .mutation(({ ctx, input }) => setEventCapacity(ctx, ctx.user, input.id, input.maxParticipants)),

  /** Confirmed and waiting members, for the organizer and the community's moderators. */
  roster: approvedProcedure.input(idInput).query(({ ctx, input }) => eventRoster(ctx.db, ctx.user, input.id)),

  /** The same list as a CSV file the page downloads. */
  rosterCsv: approvedProcedure
    .input(idInput)
    .query(({ ctx, input }) => eventRosterCsv(ctx.db, ctx.user, input.id)),

  /** The member's own ticket (code and QR code) while their presence is confirmed. */
  ticket: approvedProcedure.input(idInput).query(({ ctx, input }) => myTicket(ctx.db, ctx.user, input.id)),

  /** The check-in page's event and count of present out of confirmed. */
  checkInSummary: approvedProcedure
    .input(idInput)
    .query(({ ctx, input }) => checkInSummary(ctx.db, ctx.user, input.id)),

  /** Lets a ticket's holder in, once (a QR code's text or a typed code). */
  checkIn: approvedProcedure
    .input(checkInInputSchema)
    .mutation(({ ctx, input }) => checkIn(ctx, ctx.user, input.id, input.ticket)),

  /** Moderation queue of the moderator's community, by status, newest first. */
  moderation: moderatorProcedure
    .input(z.object({ status: z.enum(EVENT_STATUSES).default('pendente') }))
    .query(({ ctx, input }) => moderationList(ctx, memberCommunityId(ctx.user), input.status)),

  approve: moderatorProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => decideEvent(ctx, ctx.user, input.id, { approve: true })),

  reject: moderatorProcedure
    .input(rejectEventSchema)
    .mutation(({ ctx, input }) =>
      decideEvent(ctx, ctx.user, input.id, { approve: false, reason: input.reason }),
    ),
})
