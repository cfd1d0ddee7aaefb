import { and, eq } from 'drizzle-orm'
import { routes } from '../../../shared/routes'
import { REMOVAL_REASON_LABELS, type RemovalReason } from '../../../shared/schemas/admin'
import { memberCommunityId } from '../../communities/scope'
import { listings } from '../../db/schema'
import { closeOffersOffSale } from '../../deals/offer-ends'
import { appError } from '../../errors'
import { notify } from '../../notifications/notify'
import type { CurrentUser } from '../../people/auth/identity'
import type { AppServices } from '../../services'
import { logStaffAct } from './log'

/** The reason the seller reads: the label of the choice, or the moderator's own words for 'other'. */
export function removalReasonText(reason: RemovalReason, details?: string | null): string {
  return reason === 'other' ? (details ?? '') : REMOVAL_REASON_LABELS[reason]
}

/**
 * Removes an active listing of the moderator's community with a reason the seller will see (not
 * reversible, per the spec), logs it and tells the seller in the app and by e-mail.
 */
export function removeListingByModeration(
  services: AppServices,
  moderator: CurrentUser,
  listingId: number,
  reason: string,
) {
  const updated = services.db
    .update(listings)
    .set({ moderationStatus: 'removed', removalReason: reason })
    .where(
      and(
        eq(listings.id, listingId),
        eq(listings.communityId, memberCommunityId(moderator)),
        eq(listings.moderationStatus, 'active'),
      ),
    )
    .returning({ id: listings.id, title: listings.title, sellerId: listings.sellerId })
    .get()
  if (!updated) throw appError('LISTING_NOT_FOUND')
  closeOffersOffSale(services.db, services.bus)
  logStaffAct(services.db, moderator, {
    actionType: 'remove_listing',
    targetType: 'listing',
    targetId: listingId,
    reason,
  })
  notify(services, {
    userId: updated.sellerId,
    kind: 'listing_removed',
    title: `Seu anúncio "${updated.title}" foi removido pela moderação`,
    body: `Motivo: ${reason}`,
    link: routes.myListings(),
    email: { kind: 'listing_removed', about: `listing:${listingId}` },
  })
  return updated
}
