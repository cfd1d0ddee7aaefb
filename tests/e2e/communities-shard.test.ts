import { join, resolve } from 'node:path'
import Sqlite from 'better-sqlite3'
import type { Browser } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, runMigrations } from '../../server/db/client'
import { createConversation, createStudent } from '../../server/db/factories'
import { createSession } from '../../server/people/auth/session'
import { createMemberOnServer } from './support/accounts'
import { launchBrowser, signedInPage } from './support/browser'
import { type RunningCaddy, startCaddy } from './support/caddy'
import { type RunningServer, startServer } from './support/server'
import { Api } from './support/writers'

let univille: RunningServer | undefined
let udesc: RunningServer | undefined
let caddy: RunningCaddy | undefined
let browser: Browser | undefined

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
  await browser?.close()
  await caddy?.close()
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

/** Each instance with the community it owns and the one it does not. */
function eachInstance() {
  if (!univille || !udesc) throw new Error('sem servidores')
  return [
    [univille, 'univille', 'udesc'],
    [udesc, 'udesc', 'univille'],
  ] as const
}

describe('COMMUNITIES: instances owning different communities', () => {
  it('seed only their own communities', () => {
    if (!univille || !udesc) throw new Error('sem servidores')
    expect(seededCommunities(univille)).toEqual(['univille'])
    expect(seededCommunities(udesc)).toEqual(['udesc'])
  })

  it("serve their own community's pages and answer 404 for the other's", async () => {
    for (const [server, own, other] of eachInstance()) {
      expect((await fetch(`${server.url}/${own}`)).status).toBe(200)
      expect((await fetch(`${server.url}/${own}/eventos`)).status).toBe(200)
      expect((await fetch(`${server.url}/${other}`)).status).toBe(404)
      expect((await fetch(`${server.url}/${other}/eventos`)).status).toBe(404)
    }
  })

  it("answer the API for their own community and 404 for the other's, instead of showing their own", async () => {
    for (const [server, own, other] of eachInstance()) {
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

describe('behind Caddy routing each community to its own machine, as the README configures it', () => {
  beforeAll(async () => {
    if (!univille || !udesc) throw new Error('sem servidores')
    caddy = await startCaddy(`
\t@univille path /univille /univille/*
\thandle @univille {
\t\treverse_proxy 127.0.0.1:${univille.port}
\t}
\t@udesc path /udesc /udesc/*
\thandle @udesc {
\t\treverse_proxy 127.0.0.1:${udesc.port}
\t}
\thandle {
\t\treverse_proxy 127.0.0.1:${univille.port}
\t}`)
    browser = await launchBrowser()
  })

  it("a UDESC member's pages reach UDESC's machine for the API, the WebSocket and the photos", async () => {
    if (!udesc || !caddy || !browser) throw new Error('sem servidores')
    const reader = await createMemberOnServer(udesc.dataDir, 'Leitora Udesc', { community: 'udesc' })
    const db = openDatabase(join(udesc.dataDir, 'vupt.sqlite'))
    let seller: { token: string; conversationId: number }
    try {
      runMigrations(db, resolve('drizzle'))
      const sellerAccount = await createStudent(db, {
        community: 'udesc',
        member: true,
      })
      const readerId = db.$client.prepare('select id from users where email = ?').get(reader.email) as {
        id: number
      }
      seller = {
        token: createSession(db, sellerAccount.id).token,
        conversationId: createConversation(db, sellerAccount.id, readerId.id),
      }
    } finally {
      db.$client.close()
    }

    // The seller writes through the proxy, under the community's prefix, as the seller's page would.
    const api = new Api(`${caddy.url}/udesc`, seller.token)
    const photo = await api.upload(
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#00713b' } })
        .jpeg()
        .toBuffer(),
    )
    const categories =
      await api.query<{ id: number; subcategories: { id: number }[] }[]>('listings.categories')
    const category = categories.find((main) => main.subcategories.length > 0)
    const listing = await api.mutation<{ id: number }>('listings.create', {
      title: 'Prancheta de desenho técnico',
      description: 'Usada por um semestre, sem marcas.',
      priceCents: 4500,
      mainCategoryId: category?.id,
      subcategoryId: category?.subcategories[0]?.id,
      condition: 'usado',
      imageIds: [photo.id],
    })
    // The photo is on UDESC's machine only: without the prefix the proxy asks the default one.
    expect((await fetch(`${caddy.url}/udesc${photo.fullUrl}`)).status).toBe(200)
    expect((await fetch(`${caddy.url}${photo.fullUrl}`)).status).toBe(404)

    const { context, page } = await signedInPage(browser, caddy.url, reader, { community: 'udesc' })
    const instanceRequests: { url: string; status: number }[] = []
    page.on('response', (response) => {
      const { pathname } = new URL(response.url())
      if (/^(\/[^/]+)?\/(api|uploads)\//.test(pathname)) {
        instanceRequests.push({ url: pathname, status: response.status() })
      }
    })
    const sockets: string[] = []
    page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname))
    try {
      await page.goto(`/udesc/produto/${listing.id}`)
      await page.getByRole('heading', { name: 'Prancheta de desenho técnico' }).waitFor()
      const shown = page.locator(`img[src="/udesc${photo.fullUrl}"]`).first()
      await shown.waitFor()
      await expect
        .poll(() => shown.evaluate((image) => (image as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0)

      // A message sent by the seller arrives live over the WebSocket of UDESC's machine.
      await api.mutation('chat.send', {
        conversationId: seller.conversationId,
        content: 'Oi! A prancheta ainda está disponível.',
      })
      await page.getByText('Nova mensagem!').waitFor()
      // Every socket under the prefix (the page left by signing in may open one too, once its live half loads).
      expect(sockets.length).toBeGreaterThan(0)
      expect(sockets.filter((path) => path !== '/udesc/api/ws')).toEqual([])
      expect(instanceRequests.length).toBeGreaterThan(0)
      expect(instanceRequests.filter((request) => !request.url.startsWith('/udesc/'))).toEqual([])
      expect(instanceRequests.filter((request) => request.status >= 400)).toEqual([])
    } finally {
      await context.close()
    }
  })
})
