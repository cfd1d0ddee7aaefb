import { describe, expect, it } from 'vitest'
import { browserHeaders, rawRequest, setUpHttpApp } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
const stage = setUpHttpApp(world)

type ErrorEnvelope = { error: { message: string; data: { code: string; httpStatus: number } } }

const json = (body: Buffer) => JSON.parse(body.toString('utf8')) as unknown

describe('a API tRPC sobre o Express', () => {
  it('um lote com uma chamada aceita e outra recusada responde 207, cada uma com a sua resposta', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { limit: 2 }, 1: { limit: -1 } }))
    const reply = await rawRequest(
      `${stage.app.url}/api/trpc/listings.list,listings.list?batch=1&input=${input}`,
    )
    expect(reply.status).toBe(207)
    const [ok, refused] = json(reply.body) as [{ result: { data: { items: unknown[] } } }, ErrorEnvelope]
    expect(ok.result.data.items).toEqual([])
    expect(refused.error.data.code).toBe('BAD_REQUEST')
    expect(refused.error.data.httpStatus).toBe(400)
  })

  // tRPC streams (jsonl) when either header asks: an answer kept for everyone must not depend on them.
  // Each asks for a page size of its own, so neither is answered from what the other left in memory.
  it.each([
    ['trpc-accept', 2],
    ['accept', 3],
  ])(
    'pedir o formato em fluxo (jsonl) em %s não muda nada: a resposta é JSON inteiro, com tamanho',
    async (header, limit) => {
      const input = encodeURIComponent(JSON.stringify({ 0: { limit } }))
      const reply = await rawRequest(`${stage.app.url}/api/trpc/listings.list?batch=1&input=${input}`, {
        headers: { [header]: 'application/jsonl' },
      })
      expect(reply.status).toBe(200)
      expect(reply.headers['content-type']).toMatch(/^application\/json/)
      expect(reply.headers['transfer-encoding']).toBeUndefined()
      expect(Number(reply.headers['content-length'])).toBe(reply.body.length)
      expect(json(reply.body)).toEqual([{ result: { data: { items: [], nextCursor: null } } }])
    },
  )

  it('um corpo que não é JSON e um procedimento que não existe têm a forma de erro do roteador', async () => {
    const url = stage.app.url
    const garbled = await rawRequest(`${url}/api/trpc/auth.signIn`, {
      method: 'POST',
      headers: { ...browserHeaders(url), 'content-type': 'application/json' },
      body: '{não é json',
    })
    expect(garbled.status).toBe(400)
    expect((json(garbled.body) as ErrorEnvelope).error.data.code).toBe('BAD_REQUEST')

    const unknown = await rawRequest(`${url}/api/trpc/listings.naoExiste`)
    expect(unknown.status).toBe(404)
    const shape = (json(unknown.body) as ErrorEnvelope).error
    expect(shape.data.code).toBe('NOT_FOUND')
    // The router's formatter ran: its own fields are there, the stack is not.
    expect(shape.data).toHaveProperty('requestId')
    expect(shape.data).not.toHaveProperty('stack')
  })
})
