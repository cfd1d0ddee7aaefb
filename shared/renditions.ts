/**
 * The two renditions the server keeps of each uploaded photo, on their own: pages that show photos
 * import this without the upload form's limits and messages.
 */

/** Longest side of the full rendition, opened on the listing page. */
export const FULL_MAX_SIZE = 1600
/** Longest side of the card rendition (grid cards, and a phone's banner and gallery); the aspect is kept. */
export const CARD_MAX_SIZE = 640

/** The card rendition's width for a full rendition of `width`×`height`: both fit inside their square. */
export function cardRenditionWidth(width: number, height: number): number {
  return Math.round(width * Math.min(1, CARD_MAX_SIZE / Math.max(width, height)))
}
