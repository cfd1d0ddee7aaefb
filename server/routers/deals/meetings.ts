import {
  cancelMeetingSchema,
  confirmHandoffSchema,
  conversationMeetingsSchema,
  meetingIdSchema,
  pickMeetingTimeSchema,
  proposeMeetingSchema,
} from '../../../shared/schemas/meetings'
import { confirmHandoff, openHandoffCode } from '../../deals/handoff'
import {
  cancelMeeting,
  conversationMeetings,
  meetingForParticipant,
  pickMeetingTime,
  proposeMeeting,
} from '../../deals/meetings'
import { myMeetings } from '../../deals/my-meetings'
import { approvedProcedure, router } from '../../trpc/init'

/** "Combinar entrega" in a conversation, "Minhas entregas", and the hand-off confirmed by the seller's code. */
export const meetingsRouter = router({
  /** The conversation's meetings, newest first, for its two participants. */
  ofConversation: approvedProcedure
    .input(conversationMeetingsSchema)
    .query(({ ctx, input }) => conversationMeetings(ctx.db, ctx.user.id, input.conversationId, input.dealId)),

  /** One meeting, for its confirmation page (the hand-off QR code's link). */
  byId: approvedProcedure
    .input(meetingIdSchema)
    .query(({ ctx, input }) => meetingForParticipant(ctx.db, ctx.user.id, input.meetingId)),

  /** "Minhas entregas": the member's meetings ahead and the latest past ones. */
  mine: approvedProcedure.query(({ ctx }) => myMeetings(ctx.db, ctx.user.id)),

  propose: approvedProcedure
    .input(proposeMeetingSchema)
    .mutation(({ ctx, input }) => proposeMeeting(ctx, ctx.user, input)),

  pick: approvedProcedure
    .input(pickMeetingTimeSchema)
    .mutation(({ ctx, input }) => pickMeetingTime(ctx, ctx.user, input)),

  cancel: approvedProcedure
    .input(cancelMeetingSchema)
    .mutation(({ ctx, input }) => cancelMeeting(ctx, ctx.user, input)),

  /** The seller's hand-off code and its QR code (a mutation: the first opening writes its hash). */
  handoffCode: approvedProcedure
    .input(meetingIdSchema)
    .mutation(({ ctx, input }) => openHandoffCode(ctx, ctx.user, input.meetingId)),

  confirmHandoff: approvedProcedure
    .input(confirmHandoffSchema)
    .mutation(({ ctx, input }) => confirmHandoff(ctx, ctx.user, input)),
})
