import { once } from 'node:events'
import { type IncomingMessage, request } from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { TRPC_MAX_BODY_BYTES } from '../../server/http/api-edge'
import { API_BATCH_MAX } from '../../shared/limits'
import { browserHeaders, sessionCookieFor, setUpHttpApp } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
const http = setUpHttpApp(world)
let cookie: string

beforeAll(async () => {
  cookie = sessionCookieFor(world.services, (await createStudent(world.db, { member: true })).id)
})

type Sent = { response: IncomingMessage; body: string; bytesSent: number; bytesOffered: number }

/**
 * POSTs `prefix` and then up to `total` bytes of filler, written only as fast as the socket takes
 * them, and stops writing once the response arrives. With `declare`, the whole size is announced in
 * Content-Length but only the prefix is sent: a server that waits for the body never answers.
 */
async function post(
  path: string,
  prefix: string,
  total: number,
  declare: boolean,
  contentType = 'application/json',
): Promise<Sent> {
  const url = new URL(path, http.app.url)
  const headers: Record<string, string | number> = {
    ...browserHeaders(http.app.url, cookie),
    'content-type': contentType,
  }
  if (declare) headers['content-length'] = total
  const req = request(url, { method: 'POST', headers })
  // The server may close the connection while we still write: that is the point.
  req.on('error', () => {})
  let bytesSent = 0
  let answered = false
  const chunk = Buffer.alloc(64 * 1024, 'a')
  const pump = () => {
    while (!answered && bytesSent < total) {
      bytesSent += chunk.length
      if (!req.write(chunk)) {
        req.once('drain', pump)
        return
      }
    }
    if (!answered) req.end()
  }
  req.write(prefix)
  if (!declare) pump()
  const [response] = (await once(req, 'response')) as [IncomingMessage]
  answered = true
  let body = ''
  for await (const part of response) body += part
  req.destroy()
  return { response, body, bytesSent: bytesSent + prefix.length, bytesOffered: total }
}

const SIGN_IN = '/api/trpc/auth.signIn'
const signInPrefix = '{"email":"aluno@univille.br","password":"'

describe('request bodies have a limit', () => {
  it('answers 413 to a declared 200 MB body without waiting for it, and closes the connection', async () => {
    const { response } = await post(SIGN_IN, signInPrefix, 200 * 1024 * 1024, true)
    expect(response.statusCode).toBe(413)
    expect(response.headers.connection).toBe('close')
  })

  it('answers 413 to a body just above the limit', async () => {
    const { response } = await post(SIGN_IN, signInPrefix, TRPC_MAX_BODY_BYTES + 1, true)
    expect(response.statusCode).toBe(413)
  })

  it('cuts off a chunked body without Content-Length once it passes the limit', async () => {
    const total = 64 * 1024 * 1024
    const sent = await post(SIGN_IN, signInPrefix, total, false)
    expect(sent.response.statusCode).toBe(413)
    expect(sent.response.headers.connection).toBe('close')
    // The answer came while most of the body was still unsent: the server did not read it all.
    expect(sent.bytesSent).toBeLessThan(total / 2)
  })

  it('answers 413 to an upload whose declared size is far above the image limit, without reading it', async () => {
    const prefix = '--x\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\n\r\n'
    const { response } = await post(
      '/api/uploads?kind=listing',
      prefix,
      200 * 1024 * 1024,
      true,
      'multipart/form-data; boundary=x',
    )
    expect(response.statusCode).toBe(413)
  })
})

describe('batches have a limit', () => {
  const batch = (size: number) =>
    fetch(`${http.app.url}/api/trpc/${Array(size).fill('auth.me').join(',')}?batch=1`, {
      headers: browserHeaders(http.app.url, cookie),
    })

  it(`accepts a batch of ${API_BATCH_MAX} calls`, async () => {
    const response = await batch(API_BATCH_MAX)
    expect(response.status).toBe(200)
    expect(await response.json()).toHaveLength(API_BATCH_MAX)
  })

  it('refuses a batch of 50 calls with 400, running none of them', async () => {
    const response = await batch(50)
    expect(response.status).toBe(400)
  })
})
