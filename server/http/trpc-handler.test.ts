import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { initTRPC, TRPCError } from '@trpc/server'
import { resolveResponse } from '@trpc/server/http'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { trpcHandler } from './trpc-handler'

type Context = { member: string | null }

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter: ({ shape, ctx }) => ({ ...shape, data: { ...shape.data, member: ctx?.member ?? null } }),
})
const router = t.router({
  greet: t.procedure
    .input(z.object({ name: z.string().min(2, 'Nome curto demais.') }))
    .query(({ input, ctx }) => ({ hello: input.name, member: ctx.member })),
  count: t.procedure.query(() => 3),
  mine: t.procedure.query(({ ctx }) => {
    if (!ctx.member) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Entre primeiro.' })
    return ctx.member
  }),
  broken: t.procedure.query(() => {
    throw new Error('segredo interno')
  }),
  save: t.procedure.input(z.object({ name: z.string() })).mutation(({ input }) => input.name),
})

/** The context of a request: the member named in `x-member`; `x-member: fail` makes it throw. */
function contextOf(header: string | string[] | undefined): Context {
  if (header === 'fail') throw new Error('contexto falhou')
  return { member: typeof header === 'string' ? header : null }
}

type Seen = { path: string | undefined; code: string }
const handlerErrors: Seen[] = []
const tRPCErrors: Seen[] = []

const app = express()
app.use(
  '/api/trpc',
  trpcHandler({
    router,
    maxBodySize: 1024,
    maxBatchSize: 3,
    createContext: ({ req }) => contextOf(req.headers['x-member']),
    onError: ({ error, path }) => handlerErrors.push({ path, code: error.code }),
  }),
)
let base = ''
let server: Server
beforeAll(async () => {
  server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

type Reply = { status: number; contentType: string | null; body: unknown }

// Not Vary: the API writes one Vary on every answer (apiCachePolicy, tests/integration/api-cache-policy.test.ts).
const replyOf = async (response: Response): Promise<Reply> => ({
  status: response.status,
  contentType: response.headers.get('content-type'),
  body: JSON.parse(await response.text()),
})

/** What tRPC's own resolver answers to the same GET, with the same context and error hook. */
async function tRPCAnswer(url: string, member?: string): Promise<Reply> {
  const pathname = url.slice(0, url.indexOf('?') === -1 ? undefined : url.indexOf('?'))
  return replyOf(
    await resolveResponse({
      router,
      req: new Request(`http://api/api/trpc${url}`),
      path: pathname.slice(1),
      maxBatchSize: 3,
      error: null,
      createContext: async () => contextOf(member),
      onError: ({ error, path }) => tRPCErrors.push({ path, code: error.code }),
    }),
  )
}

const inputOf = (value: unknown) => encodeURIComponent(JSON.stringify(value))

const CASES: { name: string; url: string; member?: string }[] = [
  { name: 'uma consulta', url: `/greet?input=${inputOf({ name: 'Ana' })}`, member: 'ana' },
  { name: 'uma consulta sem entrada', url: '/count' },
  { name: 'uma entrada inválida', url: `/greet?input=${inputOf({ name: 'A' })}` },
  { name: 'uma recusa', url: '/mine' },
  { name: 'uma falha interna', url: '/broken' },
  { name: 'um lote aceito', url: `/count,greet?batch=1&input=${inputOf({ 1: { name: 'Bia' } })}` },
  {
    name: 'um lote com recusa (207)',
    url: `/mine,greet,count?batch=1&input=${inputOf({ 1: { name: 'B' } })}`,
    member: undefined,
  },
  { name: 'um lote só de recusas', url: '/mine,mine?batch=1' },
  { name: 'um contexto que falha', url: '/count,mine?batch=1', member: 'fail' },
  { name: 'um lote grande demais', url: '/count,count,count,count?batch=1' },
  { name: 'uma entrada que não é JSON', url: '/greet?input=%7Bnao' },
  { name: 'um lote cuja entrada não é objeto', url: '/count?batch=1&input=3' },
  { name: 'um procedimento que não existe', url: '/nada' },
  { name: 'uma chamada só, com vírgula no caminho', url: '/count,count' },
  { name: 'uma mutação por GET', url: `/save?input=${inputOf({ name: 'x' })}` },
  { name: 'uma consulta e uma mutação no mesmo lote', url: '/count,save?batch=1' },
]

describe('o manipulador tRPC responde a um GET como o resolvedor do próprio tRPC', () => {
  for (const { name, url, member } of CASES) {
    it(name, async () => {
      handlerErrors.length = 0
      tRPCErrors.length = 0
      const headers: Record<string, string> = member ? { 'x-member': member } : {}
      const answered = await replyOf(await fetch(`${base}/api/trpc${url}`, { headers }))
      const expected = await tRPCAnswer(url, member)
      expect(answered).toEqual(expected)
      expect(handlerErrors).toEqual(tRPCErrors)
    })
  }

  it('cada consulta de um lote recebe o seu contexto e a sua entrada', async () => {
    const url = `/greet,mine,count?batch=1&input=${inputOf({ 0: { name: 'Caio' } })}`
    const reply = await replyOf(await fetch(`${base}/api/trpc${url}`, { headers: { 'x-member': 'caio' } }))
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual([
      { result: { data: { hello: 'Caio', member: 'caio' } } },
      { result: { data: 'caio' } },
      { result: { data: 3 } },
    ])
  })
})
