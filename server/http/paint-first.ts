import { createHash } from 'node:crypto'
import { jsonScript } from './json-script'

/** The inert JSON that tells the loader what to fetch: the entry and the modules to preload beside it. */
export const CODE_LIST_ELEMENT_ID = 'vupt-code'

/** What a control keeps while its tap waits for the page's code (styled in client/styles.css). */
export const PENDING_TAP_ATTRIBUTE = 'data-tap-pending'

/**
 * The page's boot, run from the head before anything is painted: sent as the page's only inline script
 * (the same bytes on every page, allowed by the CSP by its hash), so it is written here in TypeScript
 * and sent as its own source text. It must stay self-contained: no import, no outer name.
 *
 * 1. Taps before the page responds. From the first paint until React has hydrated the page
 *    (`<html data-hydrated>`), a tap on a button lands on server HTML with no handler. A link still
 *    works as a link. A tap on a control is held: the control shows it is pending (`aria-busy` and
 *    PENDING_TAP_ATTRIBUTE) and is tapped again, once, when the page responds. A form sent with Enter
 *    waits the same way, instead of being sent by the browser with its fields in the URL.
 * 2. The code. Once the browser has shown the server's HTML (its first contentful paint), it asks for
 *    the code that makes the page interactive (decision 0049). A page opened out of sight has no paint
 *    to wait for and loads at once; a browser that does not report paints loads after its next frame;
 *    none waits more than 3 s.
 */
export function pageBoot(codeListId: string, pendingAttribute: string): void {
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

  let painted = false
  let parsed = false
  let loaded = false
  const load = () => {
    if (loaded || !painted || !parsed) return
    loaded = true
    const code = JSON.parse(document.getElementById(codeListId)?.textContent ?? 'null') as {
      entry: string
      preload: string[]
    } | null
    if (!code) return
    const add = (tag: string, attributes: Record<string, string>) => {
      const element = document.createElement(tag)
      element.setAttribute('crossorigin', '')
      for (const name of Object.keys(attributes)) element.setAttribute(name, attributes[name] as string)
      document.head.appendChild(element)
    }
    add('script', { type: 'module', src: code.entry })
    // Each request costs the main thread a little: a few per task keep a slow phone's tasks short.
    const preload = (from: number) => {
      for (const href of code.preload.slice(from, from + 8)) add('link', { rel: 'modulepreload', href })
      if (from + 8 < code.preload.length) setTimeout(() => preload(from + 8), 0)
    }
    preload(0)
  }
  const paint = () => {
    painted = true
    load()
  }
  const parse = () => {
    parsed = true
    load()
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parse)
  else parse()
  const paints = PerformanceObserver.supportedEntryTypes
  if (document.visibilityState !== 'visible') paint()
  else if (paints?.includes('paint')) {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) paint()
    }).observe({ type: 'paint', buffered: true })
    setTimeout(paint, 3000)
  } else requestAnimationFrame(() => setTimeout(paint, 0))
}

/** The boot as the page carries it: the function's own text, called with its two names. */
export const LOADER_SCRIPT = `(${pageBoot.toString()})(${JSON.stringify(CODE_LIST_ELEMENT_ID)}, ${JSON.stringify(PENDING_TAP_ATTRIBUTE)})`

/** The CSP source that allows LOADER_SCRIPT and no other inline script. */
export const LOADER_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(LOADER_SCRIPT).digest('base64')}'`

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/

/**
 * The build's index.html with its entry script replaced by the boot (which asks for the entry once the
 * page has painted), and the entry it named (none in a bare shell).
 */
export function takeEntryScript(html: string): { html: string; entry?: string } {
  const found = ENTRY_SCRIPT.exec(html)
  return found?.[1]
    ? { html: html.replace(found[0], () => `<script>${LOADER_SCRIPT}</script>`), entry: found[1] }
    : { html }
}

/** The tag that ends the body: which code the page needs, for the boot to fetch. */
export function loaderTags(entry: string, preload: readonly string[]): string {
  return jsonScript(CODE_LIST_ELEMENT_ID, { entry, preload })
}
