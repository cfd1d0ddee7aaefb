import { describe, expect, it } from 'vitest'
import { loaderTags, takeEntryScript } from './paint-first'

const BUILT = `<head><title>Vupt</title>
    <script type="module" crossorigin src="/assets/index-C6T2T70R.js"></script>
    <style>body{}</style></head><body><div id="root"></div></body>`

describe('takeEntryScript', () => {
  it("takes the build's entry script out of the head and names its file", () => {
    const { html, entry } = takeEntryScript(BUILT)
    expect(entry).toBe('/assets/index-C6T2T70R.js')
    expect(html).toBe(
      '<head><title>Vupt</title>\n    <style>body{}</style></head><body><div id="root"></div></body>',
    )
  })

  it('leaves a shell with no entry script as it is', () => {
    expect(takeEntryScript('<head></head><body></body>')).toEqual({ html: '<head></head><body></body>' })
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
    expect(tags.match(/<script/g)).toHaveLength(2)
  })
})
