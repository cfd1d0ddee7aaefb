import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { createListing } from '../../server/db/factories'
import { blocks } from '../../server/db/schema'
import { createAnonymousCache } from '../../server/http/anonymous-cache'
import { type RunningApp, rawRequest, sessionCookieFor, startHttpApp } from '../support/http'
import { createApprovedStudent, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()
const closing: (() => unknown)[] = []
afterEach(async () => {
  for (const close of closing.splice(0)) await close()
})

/** The cache in front of a handler that counts its calls and answers with the count. */
async function countingApp() {
  const cache = createAnonymousCache({ sqlite: world.db.$client, procedures: new Set(['listings.list']) })
  let calls = 0
  let duringHandler: (() => Promise<unknown>) | undefined
  const app = express()
  app.use(cache.serve)
  app.get('/api/trpc/:path', cache.capture, async (_req, res) => {
    calls++
    const action = duringHandler
    duringHandler = undefined
    await action?.()
    res.json({ result: { data: { calls } } })
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
    get: async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${url}/api/trpc/${path}`, { headers })
      return (await response.json()) as { result: { data: { calls: number } } }
    },
  }
}

const aWrite = async () => {
  const seller = await createApprovedStudent(world.db)
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
    const seller = await createApprovedStudent(other)
    createListing(other, { sellerId: seller.id, title: 'Mochila azul' })
    expect((await app.get('listings.list?input=%7B%7D')).result.data.calls).toBe(2)
  })

  it('membros, outros procedimentos e entradas diferentes não usam a resposta guardada', async () => {
    const app = await countingApp()
    await app.get('listings.list?input=%7B%7D')
    await app.get('listings.list?input=%7B%7D', { cookie: 'vupt_session=qualquer' })
    await app.get('auth.me')
    await app.get('auth.me')
    await app.get('listings.list?input=%7B%22q%22%3A%22livro%22%7D')
    expect(app.calls()).toBe(5)
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
    const seller = await createApprovedStudent(world.db)
    const member = await createApprovedStudent(world.db)
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

  it('a resposta comprimida guardada é a mesma', async () => {
    app = await startHttpApp(world.services)
    const seller = await createApprovedStudent(world.db)
    createListing(world.db, { sellerId: seller.id, title: 'Violão usado' })
    const url = `${app.url}/api/trpc/listings.list?input=${encodeURIComponent('{}')}`
    const plain = await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text()
    const zipped = await rawRequest(url, { headers: { 'accept-encoding': 'gzip' } })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain)
    expect(plain).toContain('Violão usado')
  })
})
