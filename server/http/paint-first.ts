import { createHash } from 'node:crypto'
import { jsonScript } from './json-script'

/** The inert JSON that tells the loader what to fetch: the entry and the modules to preload beside it. */
export const CODE_LIST_ELEMENT_ID = 'vupt-code'

/**
 * The page's only inline script, the same bytes on every page (the CSP allows it by its hash). Once the
 * browser has shown the server's HTML (its first contentful paint), it asks for the code that makes the
 * page interactive. Asked for from the head, some forty modules shared a slow 4G link with the page and
 * its first photos, and on a fast one they ran before the first paint. A page opened out of sight (a
 * background tab) has no paint to wait for and loads at once; a browser that does not report paints
 * loads after its next frame; and none waits more than 3 s.
 */
export const LOADER_SCRIPT = `(function () {
  var code = JSON.parse(document.getElementById('${CODE_LIST_ELEMENT_ID}').textContent)
  var loaded = false
  function add(tag, attributes) {
    var element = document.createElement(tag)
    element.crossOrigin = ''
    for (var name in attributes) element[name] = attributes[name]
    document.head.appendChild(element)
  }
  // Each request costs the main thread a little: a few per task keep a slow phone's tasks short.
  function preload(from) {
    code.preload.slice(from, from + 8).forEach(function (href) { add('link', { rel: 'modulepreload', href: href }) })
    if (from + 8 < code.preload.length) setTimeout(function () { preload(from + 8) }, 0)
  }
  function load() {
    if (loaded) return
    loaded = true
    add('script', { type: 'module', src: code.entry })
    preload(0)
  }
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes
  if (document.visibilityState !== 'visible') load()
  else if (paints && paints.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) load()
    }).observe({ type: 'paint', buffered: true })
    setTimeout(load, 3000)
  } else requestAnimationFrame(function () { setTimeout(load, 0) })
})()`

/** The CSP source that allows LOADER_SCRIPT and no other inline script. */
export const LOADER_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(LOADER_SCRIPT).digest('base64')}'`

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/

/** The build's index.html without its entry script, and the entry it named (none in a bare shell). */
export function takeEntryScript(html: string): { html: string; entry?: string } {
  const found = ENTRY_SCRIPT.exec(html)
  return found?.[1] ? { html: html.replace(found[0], ''), entry: found[1] } : { html }
}

/** The tags that end the body: which code the page needs, then the loader that fetches it after the paint. */
export function loaderTags(entry: string, preload: readonly string[]): string {
  return `${jsonScript(CODE_LIST_ELEMENT_ID, { entry, preload })}<script>${LOADER_SCRIPT}</script>`
}
