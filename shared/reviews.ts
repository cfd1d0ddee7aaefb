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
