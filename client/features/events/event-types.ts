import type { RouterOutputs } from '@/lib/api-types'

/** An event of the public list (approved only). Dates are ISO strings at runtime: no tRPC transformer. */
export type EventListItem = RouterOutputs['events']['list'][number]
/** The detail, with the viewer's flags (`canEdit`, `isOrganizer`, `isGoing`). */
export type EventDetail = RouterOutputs['events']['byId']
