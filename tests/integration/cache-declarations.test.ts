import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { createAnswerCache } from '../../server/http/answer-cache'
import { createApiEdge } from '../../server/http/api-edge'
import { assignRequestId } from '../../server/http/request-id'
import { appRouter } from '../../server/routers/_app'
import { publicProcedure, router } from '../../server/trpc/init'
import { cacheDeclarations } from '../../server/trpc/procedures'
import { sessionCookieFor } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })

describe('o que pode ser guardado é declarado em cada procedimento', () => {
  it('no app, só as consultas do portal, para visitantes e para cada sessão', () => {
    expect(Object.fromEntries(cacheDeclarations(appRouter))).toEqual({
      'listings.categories': 'member',
      'listings.featured': 'member',
      'listings.list': 'member',
      'listings.stats': 'member',
    })
  })

  it('uma mutação declarada como guardável impede o app de subir', () => {
    const broken = router({
      save: publicProcedure.meta({ tier: 'public', cache: 'visitor' }).mutation(() => 1),
    })
    expect(() => cacheDeclarations(broken)).toThrow(/save é mutation/)
    const answers = createAnswerCache({ sqlite: world.db.$client })
    expect(() => createApiEdge({ services: world.services, router: broken, answers })).toThrow(/save/)
  })

  it('uma assinatura declarada como guardável também', () => {
    const broken = router({
      events: publicProcedure.meta({ tier: 'public', cache: 'member' }).subscription(async function* () {
        yield 1
      }),
    })
    expect(() => cacheDeclarations(broken)).toThrow(/events é subscription/)
  })
})

describe('a API guarda o que cada procedimento declara', () => {
  let calls = 0
  const count = () => ++calls
  const testRouter = router({
    forVisitors: publicProcedure.meta({ tier: 'public', cache: 'visitor' }).query(count),
    forEveryone: publicProcedure.meta({ tier: 'public', cache: 'member' }).query(count),
    never: publicProcedure.query(count),
  })
  let url = ''
  let cookie = ''
  let close: () => Promise<void> = async () => {}
  beforeAll(async () => {
    const answers = createAnswerCache({ sqlite: world.db.$client })
    const app = express()
      .use(assignRequestId)
      .use('/api/trpc', createApiEdge({ services: world.services, router: testRouter, answers }))
    const server = app.listen(0, '127.0.0.1')
    await new Promise<void>((resolve) => server.once('listening', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/trpc`
    close = () => new Promise((resolve) => server.close(() => resolve()))
    const student = await createStudent(world.db, { member: true })
    cookie = sessionCookieFor(world.services, student.id)
    // The session's first use is recorded (a write): from here on it holds unchanged.
    await fetch(`${url}/never`, { headers: { cookie } })
  })
  afterAll(() => close())

  const answer = async (path: string, headers: Record<string, string> = {}) =>
    ((await (await fetch(`${url}/${path}`, { headers })).json()) as { result: { data: number } }).result.data

  it("'never' é calculada a cada pedido", async () => {
    const first = await answer('never')
    expect(await answer('never')).toBe(first + 1)
  })

  it("'visitor' serve a todos os visitantes, mas um membro recebe a sua calculada na hora", async () => {
    const first = await answer('forVisitors')
    expect(await answer('forVisitors')).toBe(first)
    const member = await answer('forVisitors', { cookie })
    expect(member).toBe(first + 1)
    expect(await answer('forVisitors', { cookie })).toBe(member + 1)
  })

  it("'member' serve também a mesma sessão; um lote só é guardado se todos os seus procedimentos forem", async () => {
    const member = await answer('forEveryone', { cookie })
    expect(await answer('forEveryone', { cookie })).toBe(member)
    const batch = async () =>
      (await (await fetch(`${url}/forEveryone,never?batch=1`)).json()) as { result: { data: number } }[]
    const first = await batch()
    // Calculated again: both calls count anew.
    expect((await batch())[1]?.result.data).toBeGreaterThan(first[1]?.result.data ?? 0)
  })
})
