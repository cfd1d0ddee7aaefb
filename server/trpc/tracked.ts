import { tracked } from '@trpc/server'

/**
 * A domain's stream of `{ id, event }` as tRPC's tracked events: the client hands the last id back as
 * `lastEventId` when it resubscribes. Domains yield plain objects and do not know tRPC.
 */
export async function* trackedById<T>(stream: AsyncGenerator<{ id: string; event: T }>) {
  for await (const { id, event } of stream) yield tracked(id, event)
}
