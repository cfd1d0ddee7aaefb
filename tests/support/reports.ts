import type { RemovalReason } from '../../shared/schemas/admin'
import type { ResolveReportInput } from '../../shared/schemas/safety'
import { expectAppError } from './assertions'
import type { MarketScene } from './test-app'

/** The scene's moderator decides on the listing's reports with an action meant for another kind of target: refused. */
export function expectListingActionRefused(
  scene: MarketScene,
  action: ResolveReportInput['action'],
  note: string,
  /** What the action asks besides the note, so the refusal is the rule's and not the form's. */
  removalReason?: RemovalReason,
): Promise<unknown> {
  return expectAppError(
    scene.moderator.caller.admin.reports.resolve({
      targetType: 'listing',
      targetId: scene.listingId,
      action,
      note,
      removalReason,
    }),
    'REPORT_ACTION_NOT_ALLOWED',
    'BAD_REQUEST',
  )
}
