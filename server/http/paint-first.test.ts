import { describe, expect, it } from 'vitest'
import { BOOT_SCRIPT, codeTags, takeEntryScript } from './paint-first'

const BUILT = `<head><title>Vupt</title>
    <script type="module" crossorigin src="/assets/index-C6T2T70R.js"></script>
    <style>body{}</style></head><body><div id="root"></div></body>`

describe('takeEntryScript', () => {
  it("puts the boot where the build's entry script was and names the entry's file", () => {
    const { html, entry } = takeEntryScript(BUILT)
    expect(entry).toBe('/assets/index-C6T2T70R.js')
    expect(html).toBe(
      `<head><title>Vupt</title>\n    <script>${BOOT_SCRIPT}</script>\n    <style>body{}</style></head><body><div id="root"></div></body>`,
    )
  })

  it('leaves a shell with no entry script as it is', () => {
    expect(takeEntryScript('<head></head><body></body>')).toEqual({ html: '<head></head><body></body>' })
  })
})

describe('BOOT_SCRIPT', () => {
  it('is a whole script that names nothing outside itself', () => {
    expect(() => new Function(BOOT_SCRIPT)).not.toThrow()
    // A helper a compiler adds (esbuild's __name, say) would be undefined in the page.
    expect(BOOT_SCRIPT).not.toMatch(/__\w+\(/)
    expect(BOOT_SCRIPT).not.toMatch(/\bimport\b|\brequire\(/)
  })
})

describe('codeTags', () => {
  it('asks for the entry and preloads its modules, in that order, and no file name breaks out of its tag', () => {
    const tags = codeTags('/assets/index.js', ['/assets/a.js', '/assets/"><script>x.js'])
    expect(tags).toBe(
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/a.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/&#34;&#62;&#60;script&#62;x.js">',
    )
  })
})
