import { describe, expect, it } from 'vitest'
import { withFavorite } from './favorite-cache'

const card = (id: number, isFavorite = false) => ({ id, title: `Anúncio ${id}`, isFavorite })

describe('withFavorite', () => {
  it('marks the card in a plain array and keeps the others as they were', () => {
    const other = card(2)
    const data = [card(1), other]
    const next = withFavorite(data, 1, true)
    expect(next[0]?.isFavorite).toBe(true)
    expect(next[1]).toBe(other)
    expect(data[0]?.isFavorite).toBe(false)
  })

  it('walks the pages of an infinite list', () => {
    const data = {
      pages: [
        { items: [card(1)], nextCursor: 'a' },
        { items: [card(7, true)], nextCursor: null },
      ],
      pageParams: [null, 'a'],
    }
    const next = withFavorite(data, 7, false)
    expect(next.pages[1]?.items[0]?.isFavorite).toBe(false)
    expect(next.pages[0]).toBe(data.pages[0])
    expect(next.pageParams).toBe(data.pageParams)
  })

  it("patches a profile's cards", () => {
    const data = { username: 'ana', listings: [card(4), card(5)] }
    const next = withFavorite(data, 5, true)
    expect(next.listings[1]?.isFavorite).toBe(true)
    expect(next.listings[0]).toBe(data.listings[0])
  })

  it('patches a single listing', () => {
    expect(withFavorite({ id: 3, isFavorite: false, views: 2 }, 3, true)).toEqual({
      id: 3,
      isFavorite: true,
      views: 2,
    })
  })

  it('returns the same object when nothing holds the listing', () => {
    const data = { items: [card(1)], nextCursor: null }
    expect(withFavorite(data, 99, true)).toBe(data)
    const stats = { listings: 3, sellers: 2 }
    expect(withFavorite(stats, 3, true)).toBe(stats)
    expect(withFavorite(undefined, 1, true)).toBeUndefined()
  })
})
