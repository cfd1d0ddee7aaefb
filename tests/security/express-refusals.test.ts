import { RateLimiterMemory } from 'rate-limiter-flexible'
import { beforeAll, describe, expect, it } from 'vitest'
import { createEvent } from '../../server/db/factories'
import { createRateLimits } from '../../server/rate-limits'
import type { AppErrorCode } from '../../shared/errors'
import { MAX_UPLOAD_BYTES } from '../../shared/uploads'
import { browserHeaders, callTrpc, expressErrorBody, sessionCookieFor, setUpHttpApp } from '../support/http'
import { solidJpeg } from '../support/images'
import { createMember, setUpTestWorld } from '../support/test-app'

// One upload per member and two looks at unsubscribe tokens per address, so each limit is reached at once.
const world = setUpTestWorld({
  scope: 'file',
  services: {
    rateLimits: {
      ...createRateLimits(),
      uploadsByUser: new RateLimiterMemory({ keyPrefix: 'uploads', points: 1, duration: 600 }),
      linkTokensByIp: new RateLimiterMemory({ keyPrefix: 'link-token-ip', points: 2, duration: 600 }),
    },
  },
})
const http = setUpHttpApp(world)

/** What must never reach a client: a library's words, a stack, a file path, a query. */
const LEAK =
  /multer|busboy|multipart|LIMIT_|too large|unexpected|sharp|vips|sqlite|stack|node_modules|\.ts:\d|\n\s+at |Cannot (GET|POST)/i

/**
 * Checks the one contract of an Express refusal: its status, and tRPC's error shape (`error.message`,
 * `error.code`, `error.data` with the catalogue code, the status and the request id) and nothing else.
 */
async function expectRefusal(response: Response, status: number, appCode: AppErrorCode, message: string) {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(JSON.parse(text)).toEqual(expressErrorBody(appCode, message, response.headers.get('x-request-id')))
  expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  expect(text).not.toMatch(LEAK)
}

let cookie: () => Promise<string>

beforeAll(() => {
  cookie = async () => sessionCookieFor(world.services, (await createMember(world)).id)
})

function postUpload(body: FormData | Blob, headers: Record<string, string>) {
  return fetch(`${http.app.url}/api/uploads?kind=listing`, { method: 'POST', body, headers })
}

async function photo(file?: Buffer, type = 'image/jpeg') {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file ?? (await solidJpeg()))], { type }), 'foto.jpg')
  return form
}

describe('POST /api/uploads refusals', () => {
  it('someone not signed in', async () => {
    const response = await postUpload(await photo(), browserHeaders(http.app.url))
    await expectRefusal(response, 401, 'UPLOAD_SIGN_IN_REQUIRED', 'Faça login para enviar imagens.')
  })

  it('a post from another site', async () => {
    const response = await postUpload(await photo(), {
      origin: 'https://site-malicioso.example',
      cookie: await cookie(),
    })
    await expectRefusal(response, 403, 'ORIGIN_NOT_ALLOWED', 'Origem da requisição não permitida.')
  })

  it('a suspended member', async () => {
    const buyer = await createMember(world)
    const suspect = await createMember(world)
    const moderator = await createMember(world, { roles: ['user', 'moderator'] })
    await buyer.caller.safety.report({ targetType: 'user', targetId: suspect.id, reason: 'scam' })
    await moderator.caller.admin.reports.resolve({
      targetType: 'user',
      targetId: suspect.id,
      action: 'suspend',
      days: 3,
      note: 'Golpe no chat',
    })
    const response = await postUpload(
      await photo(),
      browserHeaders(http.app.url, sessionCookieFor(world.services, suspect.id)),
    )
    await expectRefusal(response, 403, 'ACCOUNT_SUSPENDED', 'Sua conta está suspensa.')
  })

  it('a body declared larger than a photo may be', async () => {
    const body = new Blob([new Uint8Array(MAX_UPLOAD_BYTES + 512 * 1024)])
    const response = await postUpload(body, {
      ...browserHeaders(http.app.url, await cookie()),
      'content-type': 'multipart/form-data; boundary=x',
    })
    await expectRefusal(response, 413, 'UPLOAD_TOO_LARGE', 'Imagem muito grande. Tamanho máximo: 5MB')
  })

  it('a file past the limit inside a body that fits the declared size', async () => {
    // multer stops it while reading (its own LIMIT_FILE_SIZE, in English, stays on the server).
    const response = await postUpload(
      await photo(Buffer.alloc(MAX_UPLOAD_BYTES + 1)),
      browserHeaders(http.app.url, await cookie()),
    )
    await expectRefusal(response, 413, 'UPLOAD_TOO_LARGE', 'Imagem muito grande. Tamanho máximo: 5MB')
  })

  it('a file that is not an image', async () => {
    const response = await postUpload(
      await photo(Buffer.from('isto é texto, não uma foto')),
      browserHeaders(http.app.url, await cookie()),
    )
    await expectRefusal(response, 415, 'UPLOAD_NOT_IMAGE', 'Por favor, selecione apenas arquivos de imagem')
  })

  it('a malformed multipart body', async () => {
    const response = await postUpload(new Blob(['--x\r\nContent-Disposition: form-data; name="fi']), {
      ...browserHeaders(http.app.url, await cookie()),
      'content-type': 'multipart/form-data; boundary=x',
    })
    await expectRefusal(response, 400, 'UPLOAD_BAD_REQUEST', 'Envio inválido. Selecione a imagem novamente.')
  })

  it('a member past their upload limit', async () => {
    const headers = browserHeaders(http.app.url, await cookie())
    expect((await postUpload(await photo(), headers)).status).toBe(201)
    const response = await postUpload(await photo(), headers)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    await expectRefusal(
      response,
      429,
      'UPLOAD_RATE_LIMITED',
      'Muitas imagens enviadas em pouco tempo. Aguarde alguns minutos e tente novamente.',
    )
  })
})

describe('other Express refusals', () => {
  it('the calendar file of an event not open to the public', async () => {
    const organizer = await createMember(world)
    for (const status of ['pendente', 'rejeitado'] as const) {
      const id = createEvent(world.db, { organizerId: organizer.id, title: 'Sarau', status })
      const response = await fetch(`${http.app.url}/api/eventos/${id}/calendario.ics`)
      await expectRefusal(response, 404, 'EVENT_NOT_FOUND', 'Evento não encontrado')
    }
  })

  it('the calendar file of a meeting, asked with forged ids, signed in or not', async () => {
    const member = await createMember(world)
    const cookie = sessionCookieFor(world.services, member.id)
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', '1%00', '1']) {
      for (const headers of [browserHeaders(http.app.url, cookie), browserHeaders(http.app.url)]) {
        const response = await fetch(`${http.app.url}/api/entregas/${id}/calendario.ics`, { headers })
        expect(response.headers.get('cache-control')).toBe('private, no-store')
        await expectRefusal(response, 404, 'MEETING_NOT_FOUND', 'Entrega não encontrada.')
      }
    }
  })

  it('reads as a tRPC refusal of the same code does, but for the procedure path', async () => {
    const organizer = await createMember(world)
    const id = createEvent(world.db, { organizerId: organizer.id, title: 'Sarau', status: 'pendente' })
    const overExpress = await fetch(`${http.app.url}/api/eventos/${id}/calendario.ics`)
    const overTrpc = await callTrpc(http.app.url, 'events.byId', 'query', { id })
    expect(overTrpc.status).toBe(overExpress.status)
    const { error } = overTrpc.json as { error: { data: Record<string, unknown> } }
    const { path, ...data } = error.data
    expect(path).toBe('events.byId')
    expect(await overExpress.json()).toEqual({
      error: { ...error, data: { ...data, requestId: overExpress.headers.get('x-request-id') } },
    })
  })

  it('an /api path that does not exist', async () => {
    const response = await fetch(`${http.app.url}/api/nada/aqui`, { headers: browserHeaders(http.app.url) })
    await expectRefusal(response, 404, 'RESOURCE_NOT_FOUND', 'Recurso não encontrado.')
  })

  it('an address looking at unsubscribe tokens too often', async () => {
    const look = () => fetch(`${http.app.url}/descadastrar?token=forjado`)
    // A forged token is a page for the person who clicked it, worded from the catalogue.
    const page = await look()
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('Este link de descadastro não é válido.')
    await look()
    await expectRefusal(
      await look(),
      429,
      'RATE_LIMITED',
      'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    )
  })

  it('a tRPC body declared too large keeps tRPC’s envelope, with the catalogue code and the request id', async () => {
    const response = await fetch(`${http.app.url}/api/trpc/auth.signIn`, {
      method: 'POST',
      headers: { ...browserHeaders(http.app.url), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@univille.br', password: 'x'.repeat(100 * 1024) }),
    })
    const text = await response.text()
    expect(response.status).toBe(413)
    expect(JSON.parse(text)).toMatchObject({
      error: {
        message: 'Requisição grande demais.',
        data: { appCode: 'REQUEST_TOO_LARGE', requestId: response.headers.get('x-request-id') },
      },
    })
    expect(text).not.toMatch(LEAK)
  })
})
