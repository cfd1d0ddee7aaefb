import { describe, expect, it } from 'vitest'
import { imagePreloads } from './client-app'

describe('imagePreloads', () => {
  it('preloads each first-screen image once, from its srcset and sizes', () => {
    const hero =
      '<img src="/u/a-full.webp" srcset="/u/a-card.webp 640w, /u/a-full.webp 1600w" sizes="100vw" alt fetchPriority="high"/>'
    const page = `<div>${hero}<p>Vupt</p>${hero}<img src="/u/b-card.webp" loading="lazy" fetchPriority="auto"/></div>`
    expect(imagePreloads(page)).toBe(
      '<link rel="preload" as="image" imagesrcset="/u/a-card.webp 640w, /u/a-full.webp 1600w" imagesizes="100vw" fetchpriority="high">',
    )
  })

  it('takes the src of an image without a srcset', () => {
    expect(imagePreloads('<img src="/favicon.svg" fetchpriority="high" alt>')).toBe(
      '<link rel="preload" as="image" href="/favicon.svg" fetchpriority="high">',
    )
  })

  it('adds nothing to a page without first-screen images', () => {
    expect(imagePreloads('<div><img src="/u/c.webp" loading="lazy"></div>')).toBe('')
  })
})
