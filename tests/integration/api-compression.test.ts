import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createListing, createStudent } from '../../server/db/factories'
import { API_COMPRESSION } from '../../server/http/compress'
import { browserHeaders, rawRequest, sessionCookieFor, setUpHttpApp } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
const stage = setUpHttpApp(world)

const listUrl = () => `${stage.app.url}/api/trpc/listings.list?input=${encodeURIComponent('{"limit":24}')}`

async function memberWithListings() {
  const seller = await createStudent(world.db, { member: true })
  for (let i = 0; i < 24; i++) {
    createListing(world.db, { sellerId: seller.id, title: `Apostila de cálculo volume ${i}` })
  }
  const member = await createStudent(world.db, { member: true })
  return sessionCookieFor(world.services, member.id)
}

describe('respostas da API comprimidas de uma vez', () => {
  it('um membro recebe a lista comprimida, com o tamanho no cabeçalho, e o mesmo JSON sem compressão', async () => {
    const cookie = await memberWithListings()
    const zipped = await rawRequest(listUrl(), { headers: { cookie, 'accept-encoding': 'gzip, deflate' } })
    const brotli = await rawRequest(listUrl(), {
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    })
    const plain = await rawRequest(listUrl(), { headers: { cookie, 'accept-encoding': 'identity' } })

    expect(zipped.status).toBe(200)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toMatch(/accept-encoding/i)
    // Whole, not streamed: the length is known before the body.
    expect(zipped.headers['transfer-encoding']).toBeUndefined()
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length)
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3)
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain.body.toString('utf8'))

    expect(brotli.headers['content-encoding']).toBe('br')
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length)
    expect(brotliDecompressSync(brotli.body).toString('utf8')).toBe(plain.body.toString('utf8'))

    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length)
    // At the API's levels, lighter than the pages': the same bytes those levels make.
    expect(zipped.body.equals(gzipSync(plain.body, { level: API_COMPRESSION.gzipLevel }))).toBe(true)
    const brotliAtApiQuality = brotliCompressSync(plain.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality },
    })
    expect(brotli.body.equals(brotliAtApiQuality)).toBe(true)
    const items = (JSON.parse(plain.body.toString('utf8')) as { result: { data: { items: unknown[] } } })
      .result.data.items
    expect(items).toHaveLength(24)
  })

  it('uma resposta pequena vai como está', async () => {
    const reply = await rawRequest(`${stage.app.url}/api/trpc/auth.me`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(reply.status).toBe(200)
    expect(reply.headers['content-encoding']).toBeUndefined()
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length)
    expect(JSON.parse(reply.body.toString('utf8'))).toEqual({ result: { data: null } })
  })

  it('uma recusa e uma mutação em lote chegam inteiras e legíveis', async () => {
    const refused = await rawRequest(
      `${stage.app.url}/api/trpc/listings.list?input=${encodeURIComponent('{"limit":-1}')}`,
      {
        headers: { 'accept-encoding': 'gzip' },
      },
    )
    expect(refused.status).toBe(400)
    const refusedText =
      refused.headers['content-encoding'] === 'gzip' ? gunzipSync(refused.body) : refused.body
    expect(JSON.parse(refusedText.toString('utf8')).error.data.appCode).toBeNull()

    const url = stage.app.url
    const batch = await rawRequest(`${url}/api/trpc/auth.signOut,auth.signOut?batch=1`, {
      method: 'POST',
      headers: { ...browserHeaders(url), 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ 0: null, 1: null }),
    })
    expect(Number(batch.headers['content-length'])).toBe(batch.body.length)
    const text = batch.headers['content-encoding'] === 'gzip' ? gunzipSync(batch.body) : batch.body
    expect(JSON.parse(text.toString('utf8'))).toHaveLength(2)
  })
})
