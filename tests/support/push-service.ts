import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import ece from 'http_ece'

/** A push as the local push service received it: the raw request and, decrypted, its payload. */
export type ReceivedPush = {
  path: string
  headers: IncomingHttpHeaders
  /** The claims of the VAPID JWT, once its ES256 signature checked out against the key it names. */
  claims: { aud: string; exp: number; sub: string }
  /** The public key of the `k=` parameter (the server's VAPID key). */
  vapidKey: string
  payload: unknown
}

/** A browser's side of a subscription: its key pair and auth secret, and the endpoint it was given. */
export type TestBrowser = {
  endpoint: string
  keys: { p256dh: string; auth: string }
  ecdh: ECDH
  auth: Buffer
}

/** Verifies a VAPID JWT (ES256) with the raw P-256 public key in `k`; throws when it does not hold. */
export function verifyVapidJwt(token: string, publicKey: string) {
  const [header, claims, signature] = token.split('.')
  if (!header || !claims || !signature) throw new Error('JWT malformado')
  const raw = Buffer.from(publicKey, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) throw new Error('assinatura VAPID inválida')
  const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg: string }
  if (head.alg !== 'ES256') throw new Error(`algoritmo ${head.alg}`)
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as ReceivedPush['claims']
}

/**
 * A push service on 127.0.0.1: every POST to /push/<name> is checked (VAPID JWT signature, aes128gcm
 * body) and decrypted with the keys of the browser it was made for. `respond` picks the status.
 */
export async function startPushService() {
  const browsers = new Map<string, TestBrowser>()
  const received: ReceivedPush[] = []
  const failures: string[] = []
  let respond: (path: string, attempt: number) => number = () => 201
  const attempts = new Map<string, number>()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? ''
      const attempt = (attempts.get(path) ?? 0) + 1
      attempts.set(path, attempt)
      const status = respond(path, attempt)
      try {
        const browser = browsers.get(path)
        if (!browser) throw new Error(`nenhum navegador em ${path}`)
        const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '')
        if (!match?.[1] || !match[2])
          throw new Error(`Authorization inesperado: ${request.headers.authorization}`)
        const claims = verifyVapidJwt(match[1], match[2])
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('sem aes128gcm')
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.auth.toString('base64url'),
        })
        if (status >= 200 && status < 300) {
          received.push({
            path,
            headers: request.headers,
            claims,
            vapidKey: match[2],
            payload: JSON.parse(plain.toString('utf8')),
          })
        }
      } catch (error) {
        failures.push((error as Error).message)
      }
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let count = 0
  return {
    origin,
    received,
    failures,
    attempts,
    /** A new browser subscription whose pushes this service takes. */
    browser(): TestBrowser {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      const path = `/push/${++count}`
      const browser = {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        ecdh,
        auth,
      }
      browsers.set(path, browser)
      return browser
    },
    respondWith(pick: (path: string, attempt: number) => number) {
      respond = pick
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type LocalPushService = Awaited<ReturnType<typeof startPushService>>
