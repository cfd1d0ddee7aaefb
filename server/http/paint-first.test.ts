import { describe, expect, it } from 'vitest'
import { LOADER_SCRIPT, loaderTags, takeEntryScript } from './paint-first'

const BUILT = `<head><title>Vupt</title>
    <script type="module" crossorigin src="/assets/index-C6T2T70R.js"></script>
    <style>body{}</style></head><body><div id="root"></div></body>`

describe('takeEntryScript', () => {
  it("puts the boot where the build's entry script was and names the entry's file", () => {
    const { html, entry } = takeEntryScript(BUILT)
    expect(entry).toBe('/assets/index-C6T2T70R.js')
    expect(html).toBe(
      `<head><title>Vupt</title>\n    <script>${LOADER_SCRIPT}</script>\n    <style>body{}</style></head><body><div id="root"></div></body>`,
    )
  })

  it('leaves a shell with no entry script as it is', () => {
    expect(takeEntryScript('<head></head><body></body>')).toEqual({ html: '<head></head><body></body>' })
  })
})

describe('LOADER_SCRIPT', () => {
  it('is a whole script that names nothing outside itself', () => {
    expect(() => new Function(LOADER_SCRIPT)).not.toThrow()
    // A helper a compiler adds (esbuild's __name, say) would be undefined in the page.
    expect(LOADER_SCRIPT).not.toMatch(/__\w+\(/)
    expect(LOADER_SCRIPT).not.toMatch(/\bimport\b|\brequire\(/)
  })
})

describe('loaderTags', () => {
  it('lists the code as inert JSON that no file name can break out of', () => {
    const tags = loaderTags('/assets/index.js', ['/assets/a.js', '/assets/</script><script>x.js'])
    const json = /<script type="application\/json" id="vupt-code">(.*?)<\/script>/.exec(tags)?.[1]
    expect(JSON.parse(json ?? '')).toEqual({
      entry: '/assets/index.js',
      preload: ['/assets/a.js', '/assets/</script><script>x.js'],
    })
    expect(tags.match(/<script/g)).toHaveLength(1)
  })
})
