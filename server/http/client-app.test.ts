import { describe, expect, it } from 'vitest'
import { splitResourceHints } from './client-app'

describe('splitResourceHints', () => {
  it('takes the hints React wrote before the page, and only those', () => {
    const hints =
      '<link rel="preload" as="image" href="/favicon.svg"/>' +
      '<link rel="preload" as="image" imageSrcSet="/uploads/a-card.webp 640w" fetchPriority="high"/>'
    const page = '<div class="min-h-dvh"><link rel="canonical" href="/x"/><main>…</main></div>'
    expect(splitResourceHints(hints + page)).toEqual({ hints, body: page })
  })

  it('leaves a page without hints as it is', () => {
    expect(splitResourceHints('<div>Vupt</div>')).toEqual({ hints: '', body: '<div>Vupt</div>' })
  })
})
