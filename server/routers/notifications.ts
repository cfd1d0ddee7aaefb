import { z } from 'zod'
import { MAX_PUSH_ENDPOINT_LENGTH } from '../../shared/push'
import { pushDeviceSchema, pushPreferenceSchema, pushSubscriptionSchema } from '../../shared/schemas/push'
import { emailPreferenceSchema } from '../../shared/schemas/safety'
import {
  emailPreferences,
  listNotifications,
  markNotificationsRead,
  unreadNotifications,
} from '../notifications/notify'
import { setEmailOptOut } from '../notifications/unsubscribe'
import {
  listDevices,
  pushConfig,
  pushPreferenceList,
  removeDevice,
  removeDeviceByEndpoint,
  setPushPreference,
  subscribeDevice,
} from '../push/devices'
import { snapshotStream } from '../realtime/snapshot-stream'
import { streamScope } from '../realtime/subscriptions'
import { approvedProcedure, router } from '../trpc/init'

export const notificationsRouter = router({
  list: approvedProcedure
    .input(z.object({ before: z.number().int().positive().nullish() }).optional())
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.user.id, input?.before)),

  unreadCount: approvedProcedure.query(({ ctx }) => ({ count: unreadNotifications(ctx.db, ctx.user.id) })),

  /** Marks the given notifications read, or all of them without ids. */
  markRead: approvedProcedure
    .input(z.object({ ids: z.array(z.number().int().positive()).max(100).optional() }))
    .mutation(({ ctx, input }) => {
      const read = markNotificationsRead(ctx.db, ctx.user.id, input.ids)
      if (read > 0) ctx.bus.publish('notifications', ctx.user.id, { userId: ctx.user.id })
      return { read }
    }),

  /** The unread count, pushed whenever a notification arrives or is read in another tab. */
  live: approvedProcedure.subscription(({ ctx, signal }) =>
    snapshotStream(streamScope(ctx), 'notifications', ctx.user.id, signal, ({ db, userId }) => ({
      unread: unreadNotifications(db, userId),
    })),
  ),

  /** Minha Conta: which e-mails the member receives. */
  emailPreferences: approvedProcedure.query(({ ctx }) => emailPreferences(ctx.db, ctx.user.id)),

  setEmailPreference: approvedProcedure.input(emailPreferenceSchema).mutation(({ ctx, input }) => {
    setEmailOptOut(ctx.db, ctx.user.id, input.kind, !input.enabled)
    return input
  }),

  /** The server's VAPID public key, for this browser to subscribe with. */
  pushConfig: approvedProcedure.query(({ ctx }) => pushConfig(ctx)),

  /** Turns push on for this browser (after the member's tap and the browser's permission). */
  subscribePush: approvedProcedure
    .input(pushSubscriptionSchema)
    .mutation(({ ctx, input }) => subscribeDevice(ctx, input)),

  /** This browser turned push off, or its subscription changed. */
  unsubscribePush: approvedProcedure
    .input(z.object({ endpoint: z.string().max(MAX_PUSH_ENDPOINT_LENGTH) }))
    .mutation(({ ctx, input }) => removeDeviceByEndpoint(ctx.db, ctx.user.id, input.endpoint)),

  /** Minha Conta: the devices that receive pushes. */
  pushDevices: approvedProcedure.query(({ ctx }) => listDevices(ctx.db, ctx.user.id, ctx.session.id)),

  removePushDevice: approvedProcedure
    .input(pushDeviceSchema)
    .mutation(({ ctx, input }) => removeDevice(ctx.db, ctx.user.id, input.id)),

  /** Minha Conta: which kinds push, and whether with their text ("Mostrar prévia"). */
  pushPreferences: approvedProcedure.query(({ ctx }) => pushPreferenceList(ctx.db, ctx.user.id)),

  setPushPreference: approvedProcedure
    .input(pushPreferenceSchema)
    .mutation(({ ctx, input }) => setPushPreference(ctx.db, ctx.user.id, input)),
})
