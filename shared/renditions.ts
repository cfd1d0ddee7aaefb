/**
 * The renditions the server keeps of each uploaded photo, on their own: pages that show photos
 * import this without the upload form's limits and messages.
 */

/** Longest side of the full rendition, opened on the listing page. */
export const FULL_MAX_SIZE = 1600
/**
 * Longest side of the phone rendition, loaded where a photo spans a phone's screen (the portal's banner,
 * the listing page's gallery). Both are the page's width less its padding, `calc(100vw - 2rem)`: 328 to
 * 398 CSS px on a 360 to 430 px phone, 380 on a 412 px one. Times the device pixel ratio, that is
 * 665 px at 1.75 (Lighthouse's Moto G Power), 656 to 796 px at 2 and 861 to 1045 px at 2.625. At 960
 * px a 2× phone of any width and a 2.625× one up to 393 px (361 × 2.625 = 948) take it instead of the
 * 1600 px full one, for about a third of its pixels; a 3× phone asks for more than it and keeps the full
 * rendition, as today. The card rendition (640) is narrower than every one of these slots.
 */
export const PHONE_MAX_SIZE = 960
/** Longest side of the card rendition (grid cards, chat bubbles); the aspect is kept. */
export const CARD_MAX_SIZE = 640

/** The width of a rendition whose longest side is at most `maxSize`, for a full rendition of `width`×`height`. */
function renditionWidth(maxSize: number, width: number, height: number): number {
  return Math.round(width * Math.min(1, maxSize / Math.max(width, height)))
}

/** The card rendition's width for a full rendition of `width`×`height`: both fit inside their square. */
export function cardRenditionWidth(width: number, height: number): number {
  return renditionWidth(CARD_MAX_SIZE, width, height)
}

/** Whether an image of `width`×`height` gets a phone rendition of its own: only when larger than it. */
export const needsPhoneRendition = (width: number, height: number) => Math.max(width, height) > PHONE_MAX_SIZE

/** The phone rendition's width for a full rendition of `width`×`height`. */
export function phoneRenditionWidth(width: number, height: number): number {
  return renditionWidth(PHONE_MAX_SIZE, width, height)
}
