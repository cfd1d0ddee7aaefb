/**
 * Data for the browser as inert JSON in the page (`<script type="application/json">`, which the CSP need
 * not allow); `<` is escaped so that no value can close the tag.
 */
export function jsonScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`
}
