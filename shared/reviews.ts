/**
 * Reviews earned by a confirmed hand-off: each side may review the other once, within a window after the
 * hand-off, and edit it for a while; the person reviewed may reply once. An average shows only from a
 * few reviews, so one friend's five stars never passes for a reputation.
 */

/** Days after the hand-off's confirmation during which each side may review the other. */
export const REVIEW_WINDOW_DAYS = 14
/** Hours after sending during which a review may still be edited. */
export const REVIEW_EDIT_HOURS = 48
export const REVIEW_COMMENT_MAX = 500
export const REVIEW_REPLY_MAX = 500
/** Visible reviews a member needs before their average is shown anywhere. */
export const RATING_MIN_REVIEWS = 3
/**
 * A reviewer's reviews of the same member count in the average at most once in this many days; later ones
 * are shown and do not move it, however many deals the two close.
 */
export const REVIEW_COUNTED_PER_PAIR_DAYS = 30
/** A seller is flagged for the moderation when, over these days, at least MIN confirmed hand-offs… */
export const CONCENTRATED_HANDOFFS_DAYS = 30
export const CONCENTRATED_HANDOFFS_MIN = 5
/** …were, for at least this share, with their TOP most frequent buyers. */
export const CONCENTRATED_HANDOFFS_SHARE = 0.6
export const CONCENTRATED_HANDOFFS_TOP = 2
/** The latest reviews a profile lists. */
export const PROFILE_REVIEWS_SHOWN = 10

/** An average with one decimal, as Brazilians write it: 4,7. */
export function formatRating(average: number): string {
  return average.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
}

/** "1 avaliação", "3 avaliações". */
export function reviewsCountLabel(count: number): string {
  return count === 1 ? '1 avaliação' : `${count.toLocaleString('pt-BR')} avaliações`
}

/** "1 entrega confirmada", "2 entregas confirmadas". */
export function handoffsCountLabel(count: number): string {
  return count === 1 ? '1 entrega confirmada' : `${count.toLocaleString('pt-BR')} entregas confirmadas`
}
