import { describe, expect, it } from 'vitest'
import { splitCommunityPrefix } from './community-prefix'

const live = (slug: string) => slug === 'univille'

describe('splitCommunityPrefix', () => {
  it("takes a live community's prefix off what the instance itself serves", () => {
    expect(splitCommunityPrefix('/univille/api/trpc/listings.list?input=%7B%7D', live)).toEqual({
      prefix: '/univille',
      path: '/api/trpc/listings.list?input=%7B%7D',
    })
    expect(splitCommunityPrefix('/univille/api/ws', live)?.path).toBe('/api/ws')
    expect(splitCommunityPrefix('/univille/uploads/abc.webp', live)?.path).toBe('/uploads/abc.webp')
    expect(splitCommunityPrefix('/univille/auth/google?from=%2F', live)?.path).toBe('/auth/google?from=%2F')
    expect(splitCommunityPrefix('/univille/auth/google/callback?code=x', live)?.path).toBe(
      '/auth/google/callback?code=x',
    )
    expect(splitCommunityPrefix('/univille/descadastrar?token=v1.a.b.c', live)?.path).toBe(
      '/descadastrar?token=v1.a.b.c',
    )
  })

  it('leaves pages, other communities and look-alike paths alone', () => {
    for (const url of [
      '/univille/portal',
      '/univille/auth',
      '/univille/apis',
      '/univille/descadastrarx',
      '/univille/uploadsx/a.webp',
      '/udesc/api/trpc/listings.list',
      '/api/trpc/listings.list',
      '/univille//api/ws',
      '/Univille/api/ws',
    ]) {
      expect(splitCommunityPrefix(url, live), url).toBeNull()
    }
  })
})
