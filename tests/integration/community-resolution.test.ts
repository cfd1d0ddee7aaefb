/**
 * Which community a caller sees (server/communities/scope.ts), case by case: a member's own, else the
 * live community of the URL, else the default; an instance serving some communities answers 404 for any
 * other, and an account without a community matches nothing.
 */
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  type CommunityScope,
  memberCommunity,
  memberCommunityId,
  resolveCommunityId,
} from '../../server/communities/scope'
import { createStudent } from '../../server/db/factories'
import { communities, profiles } from '../../server/db/schema'
import { AppError } from '../../server/errors'
import { type CurrentUser, loadCurrentUser } from '../../server/people/auth/identity'
import type { AppErrorCode } from '../../shared/errors'
import { communityBySlug, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()
let univille: number
let udesc: number

beforeEach(() => {
  univille = communityBySlug(world.db, 'univille').id
  udesc = communityBySlug(world.db, 'udesc').id
  world.db.update(communities).set({ active: true }).where(eq(communities.slug, 'udesc')).run()
})

function userOf(id: number): CurrentUser {
  const user = loadCurrentUser(world.db, id)
  if (!user) throw new Error(`conta ${id} não existe`)
  return user
}

const scopeFor = (user: CurrentUser | null, ownedCommunities?: readonly string[]): CommunityScope => ({
  db: world.db,
  user,
  defaultCommunitySlug: 'univille',
  ...(ownedCommunities ? { ownedCommunities } : {}),
})

function refusal(run: () => unknown): { status: string; appCode: AppErrorCode } {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    const { status, appCode } = error as AppError
    return { status, appCode }
  }
  throw new Error('esperava uma recusa, mas a chamada respondeu')
}

describe('resolveCommunityId', () => {
  it('an approved member sees their own community, whatever the URL names', async () => {
    const member = userOf((await createStudent(world.db, { member: true })).id)
    expect(member.communityId).toBe(univille)
    expect(resolveCommunityId(scopeFor(member), 'udesc')).toBe(univille)
    expect(resolveCommunityId(scopeFor(member, ['udesc']), 'udesc')).toBe(univille)
  })

  it('a member still waiting for approval sees the community of the URL, like a visitor', async () => {
    const pending = userOf((await createStudent(world.db, { emailVerified: true })).id)
    expect(pending.approved).toBe(false)
    expect(pending.communityId).toBe(univille)
    expect(resolveCommunityId(scopeFor(pending), 'udesc')).toBe(udesc)
    expect(resolveCommunityId(scopeFor(pending))).toBe(univille)
  })

  it('an approved account without a community is scoped like a visitor', async () => {
    const id = (await createStudent(world.db, { member: true })).id
    world.db.update(profiles).set({ communityId: null }).where(eq(profiles.userId, id)).run()
    const member = userOf(id)
    expect(member.approved).toBe(true)
    expect(resolveCommunityId(scopeFor(member), 'udesc')).toBe(udesc)
  })

  it('a visitor sees the live community named in the URL, else the default', () => {
    expect(resolveCommunityId(scopeFor(null), 'udesc')).toBe(udesc)
    expect(resolveCommunityId(scopeFor(null))).toBe(univille)
    expect(resolveCommunityId(scopeFor(null), 'nao-existe')).toBe(univille)
    world.db.update(communities).set({ active: false }).where(eq(communities.slug, 'udesc')).run()
    expect(resolveCommunityId(scopeFor(null), 'udesc')).toBe(univille)
  })

  it('an instance serving some communities answers 404 for any other one, and its default without a name', () => {
    expect(resolveCommunityId(scopeFor(null, ['udesc']), 'udesc')).toBe(udesc)
    expect(refusal(() => resolveCommunityId(scopeFor(null, ['udesc']), 'univille'))).toEqual({
      status: 'NOT_FOUND',
      appCode: 'UNKNOWN_COMMUNITY',
    })
    expect(refusal(() => resolveCommunityId(scopeFor(null, ['udesc']), 'nao-existe'))).toEqual({
      status: 'NOT_FOUND',
      appCode: 'UNKNOWN_COMMUNITY',
    })
    expect(resolveCommunityId(scopeFor(null, ['univille']))).toBe(univille)
  })

  it('with no live default community, a visitor finds none', () => {
    world.db.update(communities).set({ active: false }).where(eq(communities.slug, 'univille')).run()
    expect(refusal(() => resolveCommunityId(scopeFor(null)))).toEqual({
      status: 'NOT_FOUND',
      appCode: 'UNKNOWN_COMMUNITY',
    })
    expect(resolveCommunityId(scopeFor(null), 'udesc')).toBe(udesc)
  })
})

describe('a member without a community', () => {
  it('matches no community in queries, and has no community row', async () => {
    const id = (await createStudent(world.db, { member: true })).id
    expect(memberCommunityId(userOf(id))).toBe(univille)
    expect(memberCommunity(world.db, userOf(id)).id).toBe(univille)
    world.db.update(profiles).set({ communityId: null }).where(eq(profiles.userId, id)).run()
    expect(memberCommunityId(userOf(id))).toBe(-1)
    expect(refusal(() => memberCommunity(world.db, userOf(id)))).toEqual({
      status: 'BAD_REQUEST',
      appCode: 'MEMBER_COMMUNITY_MISSING',
    })
  })
})
