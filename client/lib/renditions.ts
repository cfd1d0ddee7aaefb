import type { RouterOutputs } from './api-types'
import { instanceUrl } from './instance-url'

/** A public photo's narrower renditions as the server lists them (server/uploads/urls.ts, renditionsOf). */
export type Renditions = NonNullable<RouterOutputs['events']['byId']['imageRenditions']>

/** The photo's `srcset`, narrowest first; the phone rendition only where the photo has one of its own. */
export function renditionSrcSet(
  fullUrl: string,
  { cardUrl, cardWidth, phoneUrl, phoneWidth, fullWidth }: Renditions,
) {
  return [
    `${instanceUrl(cardUrl)} ${cardWidth}w`,
    ...(phoneUrl && phoneWidth ? [`${instanceUrl(phoneUrl)} ${phoneWidth}w`] : []),
    `${instanceUrl(fullUrl)} ${fullWidth}w`,
  ].join(', ')
}
