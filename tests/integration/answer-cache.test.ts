import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import express from 'express'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { createListing, createStudent } from '../../server/db/factories'
import { blocks } from '../../server/db/schema'
import { createAnswerCache } from '../../server/http/answer-cache'
import { API_COMPRESSION, sendWhole } from '../../server/http/compress'
import { recordView } from '../../server/listings/rules'
import { callTrpc, type RunningApp, rawRequest, sessionCookieFor, startHttpApp } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()
const closing: (() => unknown)[] = []
afterEach(async () => {
  for (const close of closing.splice(0)) await close()
})

/**
 * The cache used as the API edge uses it, around a handler that counts its calls and answers with the
 * count; only `listings.list` may be kept. A request with a session cookie is held until
 * `memberHoldsUntil` (as the real context does for a valid session).
 */
async function countingApp() {
  const cache = createAnswerCache({ sqlite: world.db.$client })
  let calls = 0
  let duringHandler: (() => Promise<unknown>) | undefined
  let memberHoldsUntil: number | null = null
  const app = express()
  app.get('/api/trpc/:path', async (req, res) => {
    const pending = cache.serveApi(req, res)
    if (pending === true) return
    calls++
    const action = duringHandler
    duringHandler = undefined
    await action?.()
    const body = Buffer.from(JSON.stringify({ result: { data: { calls } } }))
    res.type('json')
    if (pending && req.params.path === 'listings.list') {
      const until = pending.member ? (memberHoldsUntil ?? 0) : Number.POSITIVE_INFINITY
      cache.keep(pending, res, body, until, API_COMPRESSION)
    }
    sendWhole(req, res, body, API_COMPRESSION)
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', resolve))
  closing.push(() => new Promise((resolve) => server.close(resolve)))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    calls: () => calls,
    whileHandling: (action: () => Promise<unknown>) => {
      duringHandler = action
    },
    membersHoldUntil: (until: number | null) => {
      memberHoldsUntil = until
    },
    get: async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${url}/api/trpc/${path}`, { headers })
      return (await response.json()) as { result: { data: { calls: number } } }
    },
  }
}

const aWrite = async () => {
  const seller = await createStudent(world.db, { member: true })
  createListing(world.db, { sellerId: seller.id, title: 'Caneca de cerâmica' })
}

describe('respostas guardadas para visitantes', () => {
  it('a mesma consulta de visitante é respondida da memória, também comprimida, até a próxima escrita', async () => {
    const app = await countingApp()
    const first = await app.get('listings.list?input=%7B%7D')
    const again = await app.get('listings.list?input=%7B%7D')
    expect(again).toEqual(first)
    expect(app.calls()).toBe(1)

    await aWrite()
    const afterWrite = await app.get('listings.list?input=%7B%7D')
    expect(afterWrite.result.data.calls).toBe(2)
  })

  it('uma escrita de outra conexão (outra instância no mesmo arquivo) também descarta o que foi guardado', async () => {
    const app = await countingApp()
    await app.get('listings.list?input=%7B%7D')
    const other = openDatabase(world.db.$client.name)
    closing.push(() => other.$client.close())
    const seller = await createStudent(other, { member: true })
    createListing(other, { sellerId: seller.id, title: 'Mochila azul' })
    expect((await app.get('listings.list?input=%7B%7D')).result.data.calls).toBe(2)
  })

  it('a contagem diária de visualizações de um anúncio não descarta o que foi guardado', async () => {
    const app = await countingApp()
    await app.get('listings.list?input=%7B%7D')
    const seller = await createStudent(world.db, { member: true })
    const viewer = await createStudent(world.db, { member: true })
    const id = createListing(world.db, { sellerId: seller.id, title: 'Luminária de mesa' })
    // The listing itself is a write that counts: the answer is made again once.
    expect((await app.get('listings.list?input=%7B%7D')).result.data.calls).toBe(2)
    expect(recordView(world.db, { id, views: 0 }, viewer.id)).toBe(1)
    expect((await app.get('listings.list?input=%7B%7D')).result.data.calls).toBe(2)
  })

  it('a resposta do visitante não serve a quem manda cookie, nem a outros procedimentos e entradas', async () => {
    const app = await countingApp()
    await app.get('listings.list?input=%7B%7D')
    await app.get('listings.list?input=%7B%7D', { cookie: 'vupt_session=qualquer' })
    await app.get('auth.me')
    await app.get('auth.me')
    await app.get('listings.list?input=%7B%22q%22%3A%22livro%22%7D')
    expect(app.calls()).toBe(5)
  })

  it('a resposta de um membro é guardada só para a sessão dele, e só enquanto a sessão não muda', async () => {
    const app = await countingApp()
    const ana = { cookie: 'vupt_session=token-da-ana' }
    const bruno = { cookie: 'vupt_session=token-do-bruno' }
    app.membersHoldUntil(Date.now() + 60_000)
    await app.get('listings.list?input=%7B%7D', ana)
    expect((await app.get('listings.list?input=%7B%7D', ana)).result.data.calls).toBe(1)
    // Neither another member nor a visitor gets Ana's answer.
    expect((await app.get('listings.list?input=%7B%7D', bruno)).result.data.calls).toBe(2)
    expect((await app.get('listings.list?input=%7B%7D')).result.data.calls).toBe(3)
    expect((await app.get('listings.list?input=%7B%7D', ana)).result.data.calls).toBe(1)

    // A session due to be touched, renewed or recorded at once is not kept; nor one that did not hold.
    app.membersHoldUntil(Date.now() - 1)
    await app.get('listings.list?input=%7B%22sort%22%3A%22vupts%22%7D', ana)
    app.membersHoldUntil(null)
    await app.get('listings.list?input=%7B%22sort%22%3A%22vupts%22%7D', ana)
    expect((await app.get('listings.list?input=%7B%22sort%22%3A%22vupts%22%7D', ana)).result.data.calls).toBe(
      6,
    )

    // A kept answer ends when the session stops holding, even with no write.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      app.membersHoldUntil(Date.now() + 60_000)
      await app.get('listings.list?input=%7B%22sort%22%3A%22recent%22%7D', bruno)
      expect(
        (await app.get('listings.list?input=%7B%22sort%22%3A%22recent%22%7D', bruno)).result.data.calls,
      ).toBe(7)
      vi.setSystemTime(Date.now() + 60_000)
      expect(
        (await app.get('listings.list?input=%7B%22sort%22%3A%22recent%22%7D', bruno)).result.data.calls,
      ).toBe(8)
    } finally {
      vi.useRealTimers()
    }
  })

  it('uma resposta calculada antes de uma escrita não é guardada, mesmo que outra consulta já veja a escrita', async () => {
    const app = await countingApp()
    // While the first answer is being made: a write, then another visitor's query.
    app.whileHandling(async () => {
      world.db.$client.exec('update communities set name = name')
      await app.get('listings.list?input=%7B%22sort%22%3A%22vupts%22%7D')
    })
    await app.get('listings.list?input=%7B%7D')
    expect(app.calls()).toBe(2)
    // Made before the write, so it was not kept: asked again, it is made again.
    expect((await app.get('listings.list?input=%7B%7D')).result.data.calls).toBe(3)
  })
})

describe('na API de verdade', () => {
  let app: RunningApp
  afterEach(async () => {
    await app?.close()
  })

  const titles = async (cookie?: string) => {
    const response = await fetch(`${app.url}/api/trpc/listings.list?input=${encodeURIComponent('{}')}`, {
      headers: cookie ? { cookie } : {},
    })
    const body = (await response.json()) as { result: { data: { items: { title: string }[] } } }
    return body.result.data.items.map((item) => item.title)
  }

  it('um anúncio novo aparece na hora para o visitante, e o membro que bloqueou o vendedor não o vê', async () => {
    app = await startHttpApp(world.services)
    const seller = await createStudent(world.db, { member: true })
    const member = await createStudent(world.db, { member: true })
    createListing(world.db, { sellerId: seller.id, title: 'Livro de Física' })
    expect(await titles()).toContain('Livro de Física')
    createListing(world.db, { sellerId: seller.id, title: 'Jaleco branco' })
    expect(await titles()).toContain('Jaleco branco')

    world.db.insert(blocks).values({ blockerId: member.id, blockedId: seller.id }).run()
    const cookie = sessionCookieFor(world.services, member.id)
    // The visitors' answer is in memory right now; the member still gets their own.
    expect(await titles()).toContain('Jaleco branco')
    expect(await titles(cookie)).not.toContain('Jaleco branco')
  })

  it('o membro vê na hora o favorito que marcou, e depois de sair o mesmo cookie não recebe a resposta dele', async () => {
    app = await startHttpApp(world.services)
    const seller = await createStudent(world.db, { member: true })
    const member = await createStudent(world.db, { member: true })
    const listingId = createListing(world.db, { sellerId: seller.id, title: 'Calculadora científica' })
    const cookie = sessionCookieFor(world.services, member.id)
    const favorite = async () => {
      const response = await fetch(`${app.url}/api/trpc/listings.list?input=${encodeURIComponent('{}')}`, {
        headers: { cookie },
      })
      const body = (await response.json()) as {
        result: { data: { items: { id: number; isFavorite: boolean }[] } }
      }
      return body.result.data.items.find((item) => item.id === listingId)?.isFavorite
    }
    expect(await favorite()).toBe(false)
    expect(await favorite()).toBe(false)
    const marked = await callTrpc(
      app.url,
      'listings.setFavorite',
      'mutation',
      { id: listingId, favorite: true },
      cookie,
    )
    expect(marked.status).toBe(200)
    expect(await favorite()).toBe(true)
    expect(await favorite()).toBe(true)

    expect((await callTrpc(app.url, 'auth.signOut', 'mutation', undefined, cookie)).status).toBe(200)
    // Signed out, the same cookie is a visitor's: nothing is a favorite.
    expect(await favorite()).toBe(false)
  })

  it('a resposta comprimida guardada é a mesma', async () => {
    app = await startHttpApp(world.services)
    const seller = await createStudent(world.db, { member: true })
    // Enough listings for an answer above the size worth compressing.
    for (let copy = 1; copy <= 8; copy++) {
      createListing(world.db, { sellerId: seller.id, title: `Violão usado ${copy}` })
    }
    const url = `${app.url}/api/trpc/listings.list?input=${encodeURIComponent('{}')}`
    const plain = await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text()
    const zipped = await rawRequest(url, { headers: { 'accept-encoding': 'gzip' } })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain)
    const brotli = await rawRequest(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(brotli.body).toString('utf8')).toBe(plain)
    expect(plain).toContain('Violão usado')
  })
})
