import { join } from 'node:path'
import Sqlite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from './support/server'

let univille: RunningServer | undefined
let udesc: RunningServer | undefined

beforeAll(async () => {
  univille = await startServer({ COMMUNITIES: 'univille' })
  udesc = await startServer({ COMMUNITIES: 'udesc', DEFAULT_COMMUNITY: 'univille' })
  // UDESC is seeded as coming soon; its instance opens it, as an administrator would.
  const sqlite = new Sqlite(join(udesc.dataDir, 'vupt.sqlite'))
  try {
    sqlite.prepare("update communities set active = 1 where slug = 'udesc'").run()
  } finally {
    sqlite.close()
  }
})

afterAll(async () => {
  await Promise.allSettled([univille?.stop(), udesc?.stop()])
})

const featured = (server: RunningServer, communitySlug: string) =>
  fetch(
    `${server.url}/api/trpc/listings.featured?input=${encodeURIComponent(JSON.stringify({ communitySlug }))}`,
  )

function seededCommunities(server: RunningServer): string[] {
  const sqlite = new Sqlite(join(server.dataDir, 'vupt.sqlite'), { readonly: true })
  try {
    return sqlite
      .prepare('select slug from communities order by slug')
      .all()
      .map((row) => (row as { slug: string }).slug)
  } finally {
    sqlite.close()
  }
}

describe('COMMUNITIES: instances owning different communities', () => {
  it('seed only their own communities', () => {
    if (!univille || !udesc) throw new Error('sem servidores')
    expect(seededCommunities(univille)).toEqual(['univille'])
    expect(seededCommunities(udesc)).toEqual(['udesc'])
  })

  it("serve their own community's pages and answer 404 for the other's", async () => {
    if (!univille || !udesc) throw new Error('sem servidores')
    for (const [server, own, other] of [
      [univille, 'univille', 'udesc'],
      [udesc, 'udesc', 'univille'],
    ] as const) {
      expect((await fetch(`${server.url}/${own}`)).status).toBe(200)
      expect((await fetch(`${server.url}/${own}/eventos`)).status).toBe(200)
      expect((await fetch(`${server.url}/${other}`)).status).toBe(404)
      expect((await fetch(`${server.url}/${other}/eventos`)).status).toBe(404)
    }
  })

  it("answer the API for their own community and 404 for the other's, instead of showing their own", async () => {
    if (!univille || !udesc) throw new Error('sem servidores')
    for (const [server, own, other] of [
      [univille, 'univille', 'udesc'],
      [udesc, 'udesc', 'univille'],
    ] as const) {
      expect((await featured(server, own)).status).toBe(200)
      const refused = await featured(server, other)
      expect(refused.status).toBe(404)
      expect(JSON.stringify(await refused.json())).toContain('UNKNOWN_COMMUNITY')
    }
  })

  it('refuses to start on a database holding a community it does not own', async () => {
    if (!univille) throw new Error('sem servidores')
    await expect(
      startServer({ COMMUNITIES: 'udesc' }, { dataDir: univille.dataDir, keepData: true }),
    ).rejects.toThrow(/terminou com código 1/)
  })
})
