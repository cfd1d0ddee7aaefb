import type { Page } from 'playwright-core'

// Not aria-controls: Radix names a closed popup's id there while the popup is not in the page.
const REFERENCING = ['aria-labelledby', 'aria-describedby']

/**
 * Every id a label or an ARIA attribute names, checked against the page: it must exist and name one
 * element only. A server render whose ids differ from the browser's leaves the server's on the
 * hydrated elements and the browser's on everything rendered later, so a label can end up naming
 * another field, or nothing.
 */
export function brokenIdReferences(page: Page): Promise<string[]> {
  return page.evaluate((attributes) => {
    const problems: string[] = []
    const count = (id: string) => document.querySelectorAll(`[id="${CSS.escape(id)}"]`).length
    const check = (owner: Element, attribute: string, id: string) => {
      const found = count(id)
      if (found !== 1) problems.push(`${owner.tagName.toLowerCase()}[${attribute}=${id}]: ${found} elementos`)
    }
    for (const label of document.querySelectorAll('label[for]'))
      check(label, 'for', label.getAttribute('for') ?? '')
    for (const attribute of attributes) {
      for (const owner of document.querySelectorAll(`[${attribute}]`)) {
        for (const id of (owner.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean))
          check(owner, attribute, id)
      }
    }
    return problems
  }, REFERENCING)
}
