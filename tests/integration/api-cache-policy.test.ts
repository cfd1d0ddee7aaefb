/**
 * One cache policy on every API path: the same Vary, and a Cache-Control for visitors as for members
 * (a member's answer never stored, a visitor's checked again before each use), stored answers included.
 */
import { describe, expect, it } from 'vitest'
import { browserHeaders, sessionCookieFor, setUpHttpApp } from '../support/http'
import { createMember, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
const http = setUpHttpApp(world)

describe('a política de cache da API', () => {
  it('todo caminho da API responde com o mesmo Vary e um Cache-Control, de visitante e de membro', async () => {
    const member = await createMember(world)
    const paths = [
      '/api/trpc/listings.list?input=%7B%7D',
      '/api/trpc/listings.list?input=%7B%7D',
      '/api/trpc/categories.list',
      '/api/trpc/nao.existe',
      '/api/nada-aqui',
      '/api/eventos/999999/calendario.ics',
    ]
    for (const cookie of [undefined, sessionCookieFor(world.services, member.id)]) {
      for (const path of paths) {
        const response = await fetch(`${http.app.url}${path}`, {
          headers: browserHeaders(http.app.url, cookie),
        })
        await response.arrayBuffer()
        expect(response.headers.get('vary'), path).toBe('Accept, Accept-Encoding, Cookie')
        expect(response.headers.get('cache-control'), path).toBe(cookie ? 'no-store' : 'no-cache')
      }
    }
  })
})
