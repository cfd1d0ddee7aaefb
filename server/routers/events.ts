import { and, asc, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { EVENT_STATUSES } from '../../shared/domain'
import { EVENT_TABS, type EventInput, eventInputSchema, rejectEventSchema } from '../../shared/schemas/event'
import { singleLineText } from '../../shared/schemas/text'
import { zonedLocalToUtc } from '../../shared/time'
import type { CurrentUser } from '../auth/identity'
import { memberCommunity, resolveCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import { communities, eventAttendees, events, profiles } from '../db/schema'
import { appError } from '../errors'
import { isPublicStatus } from '../events/visibility'
import { publishAdminChange } from '../moderation/badges'
import { logModeration } from '../moderation/log'
import type { Context } from '../trpc/context'
import { approvedProcedure, moderatorProcedure, publicProcedure, router } from '../trpc/init'
import { attachUploads, releaseUpload } from '../uploads/attach'

const idInput = z.object({ id: z.number().int().positive() })
const notFound = () => appError('NOT_FOUND', 'EVENT_NOT_FOUND')

const canModerate = (user: CurrentUser | null) =>
  Boolean(user?.roles.includes('admin') || user?.roles.includes('moderator'))

const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  eventDate: events.eventDate,
  eventTime: events.eventTime,
  startsAt: events.startsAt,
  location: events.location,
  maxParticipants: events.maxParticipants,
  attendeesCount: events.attendeesCount,
  imageUrl: events.imageUrl,
  status: events.status,
  rejectionReason: events.rejectionReason,
  communityId: events.communityId,
  organizerId: events.organizerId,
  createdAt: events.createdAt,
  organizer: {
    username: profiles.username,
    fullName: profiles.fullName,
    avatarUrl: profiles.avatarUrl,
  },
  timeZone: communities.timeZone,
}

function findEvent(db: Database, id: number) {
  return db
    .select(eventColumns)
    .from(events)
    .innerJoin(profiles, eq(profiles.userId, events.organizerId))
    .innerJoin(communities, eq(communities.id, events.communityId))
    .where(eq(events.id, id))
    .get()
}

/** Spec: date and time must be in the future, in the community's time zone. */
function futureStart(input: EventInput, timeZone: string): Date {
  const startsAt = zonedLocalToUtc(input.eventDate, input.eventTime, timeZone)
  if (Number.isNaN(startsAt.getTime()) || startsAt.getTime() <= Date.now()) {
    throw appError('BAD_REQUEST', 'EVENT_IN_PAST')
  }
  return startsAt
}

/** The event's picture: the upload it comes from and the URL shown. */
function eventImage(ctx: Context, userId: number, uploadId: string | null) {
  if (!uploadId) return { imageUrl: null, imageUploadId: null }
  const [image] = attachUploads(ctx.db, ctx.storage, userId, [uploadId], 'event')
  return { imageUrl: image?.fullUrl ?? null, imageUploadId: image?.id ?? null }
}

function isGoing(db: Database, eventId: number, userId: number | undefined): boolean {
  if (!userId) return false
  return (
    db
      .select({ eventId: eventAttendees.eventId })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)))
      .get() !== undefined
  )
}

/** An approved event that has not started: the only kind one can join or leave. */
function joinableEvent(db: Database, user: CurrentUser, id: number) {
  const event = db.select().from(events).where(eq(events.id, id)).get()
  if (!event || event.communityId !== user.communityId || event.status !== 'aprovado') throw notFound()
  if (event.startsAt.getTime() <= Date.now()) {
    throw appError('BAD_REQUEST', 'EVENT_OVER')
  }
  return event
}

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
    .query(({ ctx, input }) => {
      const now = new Date()
      const conditions: (SQL | undefined)[] = [
        eq(events.communityId, resolveCommunityId(ctx, input.communitySlug)),
        eq(events.status, 'aprovado'),
      ]
      if (input.tab === 'proximos') conditions.push(gte(events.startsAt, now))
      if (input.tab === 'passados') conditions.push(lt(events.startsAt, now))
      if (input.q) {
        const pattern = `%${input.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
        conditions.push(
          or(
            sql`${events.title} like ${pattern} escape '\\'`,
            sql`${events.description} like ${pattern} escape '\\'`,
          ),
        )
      }
      const rows = ctx.db
        .select(eventColumns)
        .from(events)
        .innerJoin(profiles, eq(profiles.userId, events.organizerId))
        .innerJoin(communities, eq(communities.id, events.communityId))
        .where(and(...conditions))
        .orderBy(input.tab === 'passados' ? desc(events.startsAt) : asc(events.startsAt))
        .limit(100)
        .all()
      return rows.map(
        ({ rejectionReason: _reason, communityId: _community, organizerId: _organizer, ...event }) => event,
      )
    }),

  /** Public detail of an approved event; the organizer and moderators also see it before approval. */
  byId: publicProcedure.input(idInput).query(({ ctx, input }) => {
    const event = findEvent(ctx.db, input.id)
    if (!event) throw notFound()
    const isOrganizer = ctx.user?.id === event.organizerId
    const sameCommunity = ctx.user?.approved ? ctx.user.communityId === event.communityId : true
    const visible = sameCommunity && (isPublicStatus(event.status) || isOrganizer || canModerate(ctx.user))
    if (!visible) throw notFound()
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
  mine: approvedProcedure.query(({ ctx }) =>
    ctx.db
      .select({
        id: events.id,
        title: events.title,
        eventDate: events.eventDate,
        eventTime: events.eventTime,
        status: events.status,
        rejectionReason: events.rejectionReason,
        attendeesCount: events.attendeesCount,
      })
      .from(events)
      .where(eq(events.organizerId, ctx.user.id))
      .orderBy(desc(events.createdAt))
      .all(),
  ),

  create: approvedProcedure.input(eventInputSchema).mutation(({ ctx, input }) => {
    const community = memberCommunity(ctx.db, ctx.user)
    const startsAt = futureStart(input, community.timeZone)
    return ctx.db.transaction(() => {
      const created = ctx.db
        .insert(events)
        .values({
          communityId: community.id,
          organizerId: ctx.user.id,
          title: input.title,
          description: input.description,
          eventDate: input.eventDate,
          eventTime: input.eventTime,
          startsAt,
          location: input.location,
          maxParticipants: input.maxParticipants,
          ...eventImage(ctx, ctx.user.id, input.imageUploadId),
        })
        .returning({ id: events.id, status: events.status })
        .get()
      publishAdminChange(ctx.bus, community.id)
      return created
    })
  }),

  /** Only the organizer, and only while the event waits for approval. */
  update: approvedProcedure
    .input(eventInputSchema.extend({ id: z.number().int().positive() }))
    .mutation(({ ctx, input }) => {
      const event = ctx.db.select().from(events).where(eq(events.id, input.id)).get()
      if (!event || event.organizerId !== ctx.user.id) throw notFound()
      if (event.status !== 'pendente') {
        throw appError('FORBIDDEN', 'EVENT_NOT_EDITABLE')
      }
      const community = memberCommunity(ctx.db, ctx.user)
      const startsAt = futureStart(input, community.timeZone)
      ctx.db.transaction(() => {
        const image = input.imageUploadId
          ? eventImage(ctx, ctx.user.id, input.imageUploadId)
          : { imageUrl: event.imageUrl, imageUploadId: event.imageUploadId }
        if (image.imageUploadId !== event.imageUploadId) releaseUpload(ctx.db, event.imageUploadId, 'event')
        ctx.db
          .update(events)
          .set({
            title: input.title,
            description: input.description,
            eventDate: input.eventDate,
            eventTime: input.eventTime,
            startsAt,
            location: input.location,
            maxParticipants: input.maxParticipants,
            ...image,
          })
          .where(eq(events.id, input.id))
          .run()
      })
      return { id: input.id }
    }),

  /** The organizer calls off an approved event; attendees see it as 'Cancelado'. */
  cancel: approvedProcedure.input(idInput).mutation(({ ctx, input }) => {
    const updated = ctx.db
      .update(events)
      .set({ status: 'cancelado' })
      .where(and(eq(events.id, input.id), eq(events.organizerId, ctx.user.id), eq(events.status, 'aprovado')))
      .returning({ id: events.id })
      .get()
    if (!updated) throw notFound()
    return { id: input.id, status: 'cancelado' as const }
  }),

  /**
   * RSVP. The seat is taken by one conditional UPDATE, so simultaneous requests can never book more
   * people than the event holds (the table's CHECK constraint backs it up).
   */
  attend: approvedProcedure.input(idInput).mutation(({ ctx, input }) => {
    const event = joinableEvent(ctx.db, ctx.user, input.id)
    return ctx.db.transaction((tx) => {
      const inserted = tx
        .insert(eventAttendees)
        .values({ eventId: event.id, userId: ctx.user.id })
        .onConflictDoNothing()
        .run()
      if (inserted.changes > 0) {
        const seat = tx
          .update(events)
          .set({ attendeesCount: sql`${events.attendeesCount} + 1` })
          .where(
            and(
              eq(events.id, event.id),
              sql`(${events.maxParticipants} is null or ${events.attendeesCount} < ${events.maxParticipants})`,
            ),
          )
          .run()
        if (seat.changes === 0) {
          // No seat left: undo the attendee row (this aborts the transaction).
          throw appError('CONFLICT', 'EVENT_FULL')
        }
      }
      const after = tx
        .select({ attendeesCount: events.attendeesCount })
        .from(events)
        .where(eq(events.id, event.id))
        .get()
      return { id: event.id, isGoing: true, attendeesCount: after?.attendeesCount ?? 0 }
    })
  }),

  unattend: approvedProcedure.input(idInput).mutation(({ ctx, input }) => {
    const event = joinableEvent(ctx.db, ctx.user, input.id)
    return ctx.db.transaction((tx) => {
      const removed = tx
        .delete(eventAttendees)
        .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, ctx.user.id)))
        .run()
      if (removed.changes > 0) {
        tx.update(events)
          .set({ attendeesCount: sql`${events.attendeesCount} - 1` })
          .where(eq(events.id, event.id))
          .run()
      }
      const after = tx
        .select({ attendeesCount: events.attendeesCount })
        .from(events)
        .where(eq(events.id, event.id))
        .get()
      return { id: event.id, isGoing: false, attendeesCount: after?.attendeesCount ?? 0 }
    })
  }),

  /** Moderation queue of the moderator's community, by status, newest first. */
  moderation: moderatorProcedure
    .input(z.object({ status: z.enum(EVENT_STATUSES).default('pendente') }))
    .query(({ ctx, input }) =>
      ctx.db
        .select(eventColumns)
        .from(events)
        .innerJoin(profiles, eq(profiles.userId, events.organizerId))
        .innerJoin(communities, eq(communities.id, events.communityId))
        .where(and(eq(events.communityId, ctx.user.communityId ?? -1), eq(events.status, input.status)))
        .orderBy(desc(events.createdAt))
        .limit(200)
        .all(),
    ),

  approve: moderatorProcedure.input(idInput).mutation(({ ctx, input }) => {
    const updated = ctx.db
      .update(events)
      .set({ status: 'aprovado', rejectionReason: null })
      .where(
        and(
          eq(events.id, input.id),
          eq(events.status, 'pendente'),
          eq(events.communityId, ctx.user.communityId ?? -1),
        ),
      )
      .returning({ id: events.id })
      .get()
    if (!updated) throw notFound()
    logModeration(ctx.db, {
      communityId: ctx.user.communityId,
      moderatorId: ctx.user.id,
      actionType: 'approve_event',
      targetType: 'event',
      targetId: input.id,
    })
    publishAdminChange(ctx.bus, ctx.user.communityId)
    return { id: input.id, status: 'aprovado' as const }
  }),

  reject: moderatorProcedure.input(rejectEventSchema).mutation(({ ctx, input }) => {
    const updated = ctx.db
      .update(events)
      .set({ status: 'rejeitado', rejectionReason: input.reason })
      .where(
        and(
          eq(events.id, input.id),
          eq(events.status, 'pendente'),
          eq(events.communityId, ctx.user.communityId ?? -1),
        ),
      )
      .returning({ id: events.id })
      .get()
    if (!updated) throw notFound()
    logModeration(ctx.db, {
      communityId: ctx.user.communityId,
      moderatorId: ctx.user.id,
      actionType: 'reject_event',
      targetType: 'event',
      targetId: input.id,
      reason: input.reason,
    })
    publishAdminChange(ctx.bus, ctx.user.communityId)
    return { id: input.id, status: 'rejeitado' as const }
  }),
})
