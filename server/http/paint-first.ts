import { createHash } from 'node:crypto'
import { escapeHtml } from '../escape-html'

/** What a control keeps while its tap waits for the page's code (styled in client/styles.css). */
export const PENDING_TAP_ATTRIBUTE = 'data-tap-pending'

/**
 * The page's boot, run from the head before anything is painted: sent as the page's only inline script
 * (the same bytes on every page, allowed by the CSP by its hash), so it is written here in TypeScript
 * and sent as its own source text. It must stay self-contained: no import, no outer name.
 *
 * Taps before the page responds. From the first paint until React has hydrated the page
 * (`<html data-hydrated>`), a tap on a button lands on server HTML with no handler. A link still works
 * as a link. A tap on a control is held: the control shows it is pending (`aria-busy` and
 * PENDING_TAP_ATTRIBUTE) and is tapped again, once, when the page responds. A form sent with Enter
 * waits the same way, instead of being sent by the browser with its fields in the URL.
 */
export function pageBoot(pendingAttribute: string): void {
  const html = document.documentElement
  const hydrated = () => html.dataset.hydrated !== undefined
  const CONTROLS =
    'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="menuitem"], input[type="checkbox"], input[type="radio"], input[type="submit"]'
  let held: { element: Element; form?: HTMLFormElement } | null = null

  const release = () => {
    if (!held) return
    held.element.removeAttribute(pendingAttribute)
    held.element.removeAttribute('aria-busy')
  }
  const hold = (element: Element, form?: HTMLFormElement) => {
    release()
    held = { element, form }
    element.setAttribute(pendingAttribute, '')
    element.setAttribute('aria-busy', 'true')
  }
  document.addEventListener(
    'click',
    (event) => {
      if (hydrated() || !(event.target instanceof Element)) return
      if (event.target.closest('a[href]')) return
      const control = event.target.closest(CONTROLS)
      if (!control) return
      event.preventDefault()
      event.stopImmediatePropagation()
      hold(control)
    },
    true,
  )
  document.addEventListener(
    'submit',
    (event) => {
      if (hydrated() || !(event.target instanceof HTMLFormElement)) return
      event.preventDefault()
      event.stopImmediatePropagation()
      hold(event.target, event.target)
    },
    true,
  )
  new MutationObserver((_, observer) => {
    if (!hydrated()) return
    observer.disconnect()
    const tap = held
    release()
    held = null
    // After the frame in which React attached its handlers; the same element, kept by hydration.
    // A tab (Radix) is chosen on the mouse's press, a button on the click: a tap is both.
    if (tap?.element.isConnected)
      setTimeout(() => {
        if (tap.form) return tap.form.requestSubmit()
        if (tap.element.getAttribute('role') === 'tab')
          tap.element.dispatchEvent(
            new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }),
          )
        ;(tap.element as HTMLElement).click()
      }, 0)
  }).observe(html, { attributes: true, attributeFilter: ['data-hydrated'] })
}

/** The boot as the page carries it: the function's own text, called with the attribute's name. */
export const BOOT_SCRIPT = `(${pageBoot.toString()})(${JSON.stringify(PENDING_TAP_ATTRIBUTE)})`

/** The CSP source that allows BOOT_SCRIPT and no other inline script. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/

/**
 * The build's index.html with its entry script replaced by the boot, and the entry it named (none in a
 * bare shell): the page's own code tags (codeTags) name the entry with the modules that page needs.
 */
export function takeEntryScript(html: string): { html: string; entry?: string } {
  const found = ENTRY_SCRIPT.exec(html)
  return found?.[1]
    ? { html: html.replace(found[0], () => `<script>${BOOT_SCRIPT}</script>`), entry: found[1] }
    : { html }
}

/**
 * The head's tags that fetch the page's code as the HTML arrives: the entry, then every module it and the
 * rendered page import, asked for at once instead of each after the module that imports it has run.
 * Module scripts run once the document is parsed, so the first paint does not wait for them; their
 * download overlaps the HTML's and the paint (decision 0062).
 */
export function codeTags(entry: string, preload: readonly string[]): string {
  const links = preload.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)
  return `<script type="module" crossorigin src="${escapeHtml(entry)}"></script>${links.join('')}`
}
