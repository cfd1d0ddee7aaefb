import { z } from 'zod'
import { EVENT_STATUSES } from '../../shared/domain'
import { EVENT_TABS, eventInputSchema, rejectEventSchema } from '../../shared/schemas/event'
import { singleLineText } from '../../shared/schemas/text'
import { memberCommunityId, resolveCommunityId } from '../communities/scope'
import { moderationQueue, organizedBy } from '../events/queries'
import { attendEvent, cancelEvent, createEvent, decideEvent, leaveEvent, updateEvent } from '../events/rules'
import { attendingList, eventDetail, publicEventList } from '../events/views'
import { approvedProcedure, moderatorProcedure, publicProcedure, router } from '../trpc/init'

const idInput = z.object({ id: z.number().int().positive() })

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
      publicEventList(ctx.db, resolveCommunityId(ctx, input.communitySlug), input.tab, input.q),
    ),

  /** Public detail of an approved event; the organizer and moderators also see it before approval. */
  byId: publicProcedure.input(idInput).query(({ ctx, input }) => eventDetail(ctx.db, ctx.user, input.id)),

  /** The member's own events, of every status (with the rejection reason). */
  mine: approvedProcedure.query(({ ctx }) => organizedBy(ctx.db, ctx.user.id)),

  /** The events the member will attend (or attended), approved or called off since. */
  attending: approvedProcedure.query(({ ctx }) => attendingList(ctx.db, ctx.user.id)),

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

  unattend: approvedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => leaveEvent(ctx.db, ctx.user, input.id)),

  /** Moderation queue of the moderator's community, by status, newest first. */
  moderation: moderatorProcedure
    .input(z.object({ status: z.enum(EVENT_STATUSES).default('pendente') }))
    .query(({ ctx, input }) => moderationQueue(ctx.db, memberCommunityId(ctx.user), input.status)),

  approve: moderatorProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => decideEvent(ctx, ctx.user, input.id, { approve: true })),

  reject: moderatorProcedure
    .input(rejectEventSchema)
    .mutation(({ ctx, input }) =>
      decideEvent(ctx, ctx.user, input.id, { approve: false, reason: input.reason }),
    ),
})
