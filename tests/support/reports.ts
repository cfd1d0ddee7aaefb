import type { ResolveReportInput } from '../../shared/schemas/safety'
import { expectAppError } from './assertions'
import type { MarketScene } from './test-app'

/** The scene's moderator decides on the listing's reports with an action meant for another kind of target: refused. */
export function expectListingActionRefused(
  scene: MarketScene,
  action: ResolveReportInput['action'],
  note: string,
): Promise<unknown> {
  return expectAppError(
    scene.moderator.caller.admin.reports.resolve({
      targetType: 'listing',
      targetId: scene.listingId,
      action,
      note,
    }),
    'REPORT_ACTION_NOT_ALLOWED',
    'BAD_REQUEST',
  )
}
