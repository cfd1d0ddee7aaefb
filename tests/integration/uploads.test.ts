import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import express, { type Express } from 'express'
import { pino } from 'pino'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase, runMigrations } from '../../server/db/client'
import { createListing, createStudent } from '../../server/db/factories'
import { listingImages, type UploadKind, uploads } from '../../server/db/schema'
import { seedBase } from '../../server/db/seed'
import { AppError } from '../../server/errors'
import { createHttpApp } from '../../server/http/app'
import { handleErrors } from '../../server/http/errors'
import { createIdentityCache } from '../../server/people/auth/identity-cache'
import { createSecretBox } from '../../server/people/auth/secret-box'
import { createSession, SESSION_COOKIE } from '../../server/people/auth/session'
import { createRateLimits } from '../../server/rate-limits'
import { createInProcessBus } from '../../server/realtime/bus'
import type { AppServices } from '../../server/services'
import { attachUploads, releaseUploads } from '../../server/uploads/attach'
import { deleteOrphanUploads } from '../../server/uploads/cleanup'
import { backfillPhoneRenditions } from '../../server/uploads/phone-renditions'
import { ImageRejectedError, MAX_UPLOAD_PIXELS, processImage } from '../../server/uploads/process-image'
import { createUploadRouter } from '../../server/uploads/routes'
import { createLocalImageStorage, type ImageStorage, UPLOAD_KEY_PATTERN } from '../../server/uploads/storage'
import type { AppErrorCode } from '../../shared/errors'
import { cardRenditionWidth, phoneRenditionWidth } from '../../shared/renditions'
import type { UploadedImage } from '../../shared/uploads'
import { expressErrorBody } from '../support/http'
import { animatedGif, blankPng, noisePng, solidJpeg } from '../support/images'

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url))
const HOUR = 60 * 60 * 1000

let folder: string
let uploadsFolder: string
let db: Database
let storage: ImageStorage
let services: AppServices
const servers: Server[] = []
let baseUrl: string

type Member = { id: number; token: string }
let student: Member
let otherStudent: Member
let pending: Member
let unverified: Member
let admin: Member

async function member({
  admin,
  ...standing
}: {
  approved: boolean
  emailVerified: boolean
  admin?: boolean
}): Promise<Member> {
  const { id } = await createStudent(db, { ...standing, roles: admin ? ['user', 'admin'] : ['user'] })
  return { id, token: createSession(db, id).token }
}

async function listen(app: Express): Promise<string> {
  const server = app.listen(0)
  servers.push(server)
  await new Promise<void>((resolve) => server.once('listening', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'vupt-uploads-'))
  uploadsFolder = join(folder, 'uploads')
  db = openDatabase(join(folder, 'vupt.sqlite'))
  runMigrations(db, MIGRATIONS_FOLDER)
  await seedBase(db)
  storage = createLocalImageStorage(uploadsFolder)
  services = {
    db,
    storage,
    mailer: { send: async () => {} },
    bus: createInProcessBus(),
    logger: pino({ level: 'silent' }),
    rateLimits: createRateLimits(),
    secrets: createSecretBox(randomBytes(32)),
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
    defaultCommunitySlug: 'univille',
    identities: createIdentityCache({ sqlite: db.$client }),
  }
  baseUrl = await listen(createHttpApp({ services, isProduction: false, trustProxy: 0 }))
  student = await member({ approved: true, emailVerified: true })
  otherStudent = await member({ approved: true, emailVerified: true })
  pending = await member({ approved: false, emailVerified: true })
  unverified = await member({ approved: true, emailVerified: false })
  admin = await member({ approved: true, emailVerified: true, admin: true })
})

afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => {
          server.close(resolve)
          server.closeAllConnections()
        }),
    ),
  )
  db.$client.close()
  rmSync(folder, { recursive: true, force: true })
})

type UploadOptions = {
  as?: Member | null
  name?: string
  type?: string
  kind?: string
  origin?: string
  url?: string
}

async function upload(file: Buffer | null, options: UploadOptions = {}) {
  const { as = student, name = 'foto.jpg', type = 'image/jpeg', kind = 'listing' } = options
  const form = new FormData()
  if (file) form.append('file', new Blob([new Uint8Array(file)], { type }), name)
  const headers: Record<string, string> = { origin: options.origin ?? baseUrl }
  if (as) headers.cookie = `${SESSION_COOKIE}=${as.token}`
  const response = await fetch(`${options.url ?? baseUrl}/api/uploads?kind=${kind}`, {
    method: 'POST',
    body: form,
    headers,
  })
  return { status: response.status, body: (await response.json()) as UploadedImage & { message?: string } }
}

async function uploadOk(file: Buffer, options: UploadOptions = {}): Promise<UploadedImage> {
  const { status, body } = await upload(file, options)
  expect(status, body.message).toBe(201)
  return body
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, '')
const storedFile = (url: string) => readFileSync(join(uploadsFolder, keyOf(url)))
const uploadCount = () => db.select({ n: sql<number>`count(*)` }).from(uploads).get()?.n ?? 0
const storedFiles = () => readdirSync(uploadsFolder).sort()

/** Sends a file that must be refused, and checks that nothing at all was kept. */
/** A refusal's body, as every Express route answers it: tRPC's error shape, the catalogue's code and the request's id. */
const refusal = (appCode: AppErrorCode, message: string) => expressErrorBody(appCode, message)

async function expectRefused(
  file: Buffer,
  status: number,
  [appCode, message]: [AppErrorCode, string],
  options: UploadOptions = {},
) {
  const rowsBefore = uploadCount()
  const filesBefore = storedFiles()
  const response = await upload(file, options)
  expect(response).toEqual({ status, body: refusal(appCode, message) })
  expect(uploadCount()).toBe(rowsBefore)
  expect(storedFiles()).toEqual(filesBefore)
}

describe('POST /api/uploads: who may upload', () => {
  it('refuses visitors with 401', async () => {
    await expectRefused(
      await solidJpeg(),
      401,
      ['UPLOAD_SIGN_IN_REQUIRED', 'Faça login para enviar imagens.'],
      { as: null },
    )
  })

  it('refuses members not yet approved or with the e-mail unconfirmed with 403', async () => {
    await expectRefused(
      await solidJpeg(),
      403,
      ['UPLOAD_NOT_APPROVED', 'Sua conta ainda não foi aprovada.'],
      {
        as: pending,
      },
    )
    await expectRefused(
      await solidJpeg(),
      403,
      ['UPLOAD_NOT_APPROVED', 'Sua conta ainda não foi aprovada.'],
      {
        as: unverified,
      },
    )
  })

  it('refuses a cross-site post with 403 before looking at the session', async () => {
    await expectRefused(
      await solidJpeg(),
      403,
      ['ORIGIN_NOT_ALLOWED', 'Origem da requisição não permitida.'],
      {
        origin: 'https://site-malicioso.example',
      },
    )
  })

  it('keeps banners to administrators', async () => {
    await expectRefused(
      await solidJpeg(),
      403,
      ['UPLOAD_KIND_FORBIDDEN', 'Você não tem permissão para enviar este tipo de imagem.'],
      { kind: 'banner' },
    )
    const banner = await uploadOk(await solidJpeg(800, 300, { colour: '#16a085' }), {
      as: admin,
      kind: 'banner',
    })
    expect(db.select().from(uploads).where(eq(uploads.id, banner.id)).get()?.kind).toBe('banner')
  })

  it('answers 400 without a file or with an unknown kind', async () => {
    expect(await upload(null)).toEqual({
      status: 400,
      body: refusal('UPLOAD_FILE_MISSING', 'Selecione uma imagem para enviar.'),
    })
    await expectRefused(
      await solidJpeg(),
      400,
      ['UPLOAD_BAD_REQUEST', 'Envio inválido. Selecione a imagem novamente.'],
      { kind: 'wallpaper' },
    )
  })

  it('limits how many uploads a member sends in a window (429)', async () => {
    const app = express()
    app.use(createUploadRouter(services, { rateLimit: { points: 2, durationSeconds: 600 } }))
    app.use(handleErrors(services.logger))
    const url = await listen(app)
    const file = await solidJpeg(120, 90)
    await uploadOk(file, { url })
    await uploadOk(file, { url })
    expect(await upload(file, { url })).toEqual({
      status: 429,
      body: refusal(
        'UPLOAD_RATE_LIMITED',
        'Muitas imagens enviadas em pouco tempo. Aguarde alguns minutos e tente novamente.',
      ),
    })
    // Per member: someone else still may.
    await uploadOk(file, { url, as: otherStudent })
  })
})

describe('POST /api/uploads: storing a photo', () => {
  it('stores card, phone and full WebP renditions under content-hashed names, served for a year', async () => {
    const image = await uploadOk(await solidJpeg(2400, 1800), { name: 'IMG_0001.JPG' })
    expect(image).toEqual({
      id: expect.any(String),
      cardUrl: expect.stringMatching(/^\/uploads\/[a-f0-9]{64}-card\.webp$/),
      fullUrl: expect.stringMatching(/^\/uploads\/[a-f0-9]{64}-full\.webp$/),
      width: 1600,
      height: 1200,
    })

    const full = storedFile(image.fullUrl)
    const card = storedFile(image.cardUrl)
    expect(keyOf(image.fullUrl)).toBe(`${createHash('sha256').update(full).digest('hex')}-full.webp`)
    expect(await sharp(full).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1200 })
    expect(await sharp(card).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 })

    const row = db.select().from(uploads).where(eq(uploads.id, image.id)).get()
    const phoneKey = row?.phoneKey ?? ''
    expect(phoneKey).toMatch(/^[a-f0-9]{64}-phone\.webp$/)
    const phone = storedFile(`/uploads/${phoneKey}`)
    expect(phoneKey).toBe(`${createHash('sha256').update(phone).digest('hex')}-phone.webp`)
    expect(await sharp(phone).metadata()).toMatchObject({ format: 'webp', width: 960, height: 720 })
    expect(row).toMatchObject({
      ownerId: student.id,
      kind: 'listing',
      cardKey: keyOf(image.cardUrl),
      fullKey: keyOf(image.fullUrl),
      width: 1600,
      height: 1200,
      bytes: full.length + card.length + phone.length,
      attachedAt: null,
    })

    for (const [url, data] of [
      [image.cardUrl, card],
      [`/uploads/${phoneKey}`, phone],
    ] as const) {
      const served = await fetch(`${baseUrl}${url}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(served.headers.get('content-type')).toBe('image/webp')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true)
    }
  })

  it('keeps a phone rendition only of listing, banner and event photos larger than it', async () => {
    const phoneKeyOf = (image: UploadedImage) =>
      db.select({ phoneKey: uploads.phoneKey }).from(uploads).where(eq(uploads.id, image.id)).get()?.phoneKey
    const banner = await uploadOk(await solidJpeg(1920, 600), { as: admin, kind: 'banner' })
    expect(phoneKeyOf(banner)).toMatch(/-phone\.webp$/)
    const cover = await uploadOk(await solidJpeg(1920, 1080, { colour: '#8e44ad' }), { kind: 'event' })
    expect(phoneKeyOf(cover)).toMatch(/-phone\.webp$/)
    // A phone loads the full rendition of the others: no file of its own.
    const filesBefore = storedFiles()
    const small = await uploadOk(await solidJpeg(960, 700, { colour: '#16a085' }))
    const avatar = await uploadOk(await solidJpeg(2000, 2000, { colour: '#2c3e50' }), { kind: 'avatar' })
    const chat = await uploadOk(await solidJpeg(2000, 1500, { colour: '#d35400' }), { kind: 'chat' })
    for (const image of [small, avatar, chat]) {
      const row = db.select().from(uploads).where(eq(uploads.id, image.id)).get()
      expect(row?.phoneKey).toBe(row?.fullKey)
    }
    expect(storedFiles().filter((name) => !filesBefore.includes(name) && name.includes('-phone'))).toEqual([])
  })

  it('never enlarges a small photo', async () => {
    const image = await uploadOk(await solidJpeg(300, 200))
    expect([image.width, image.height]).toEqual([300, 200])
    expect(await sharp(storedFile(image.cardUrl)).metadata()).toMatchObject({ width: 300, height: 200 })
  })

  it('knows the card and phone renditions’ widths from the full one, for srcset', async () => {
    for (const [width, height] of [
      [2400, 900],
      [1000, 1700],
      [1333, 1001],
      [500, 300],
    ] as const) {
      const image = await uploadOk(await solidJpeg(width, height))
      const card = await sharp(storedFile(image.cardUrl)).metadata()
      expect(cardRenditionWidth(image.width, image.height), `${width}×${height}`).toBe(card.width)
      const row = db.select().from(uploads).where(eq(uploads.id, image.id)).get()
      const phone = await sharp(storedFile(`/uploads/${row?.phoneKey}`)).metadata()
      expect(phoneRenditionWidth(image.width, image.height), `${width}×${height}`).toBe(phone.width)
    }
  })

  it('gives the same bytes the same files, but a new upload id', async () => {
    const file = await solidJpeg(500, 500, { colour: '#8e44ad' })
    const first = await uploadOk(file)
    const filesAfterFirst = storedFiles()
    const second = await uploadOk(file, { name: 'copia.jpg' })
    expect(second.id).not.toBe(first.id)
    expect(second.cardUrl).toBe(first.cardUrl)
    expect(second.fullUrl).toBe(first.fullUrl)
    expect(storedFiles()).toEqual(filesAfterFirst)
  })

  it('serves only well-formed keys that exist', async () => {
    const missing = `${'0'.repeat(64)}-full.webp`
    for (const path of [
      `/uploads/${missing}`,
      '/uploads/foto.webp',
      '/uploads/..%2Fvupt.sqlite',
      '/uploads/.tmp-x',
    ]) {
      expect((await fetch(`${baseUrl}${path}`)).status, path).toBe(404)
    }
  })
})

// Hostile files (text, SVG, truncated, oversized, decompression bombs, GPS EXIF) are the corpus of
// tests/security/upload-corpus.test.ts.
describe('POST /api/uploads: unusual files', () => {
  it('accepts an image right at the pixel limit', async () => {
    // 8000 × 5000 = 40 MP exactly.
    expect(8000 * 5000).toBe(MAX_UPLOAD_PIXELS)
    const image = await processImage(blankPng(8000, 5000))
    expect([image.full.width, image.full.height]).toEqual([1600, 1000])
    await expect(processImage(blankPng(8000, 5001))).rejects.toMatchObject({ reason: 'too_many_pixels' })
  })

  it('stores an animated GIF as a still WebP of its first frame', async () => {
    const gif = await animatedGif(3)
    expect(await sharp(gif).metadata()).toMatchObject({ format: 'gif', pages: 3 })
    const image = await uploadOk(gif, { name: 'animacao.gif', type: 'image/gif' })
    expect([image.width, image.height]).toEqual([64, 48])
    for (const url of [image.cardUrl, image.fullUrl]) {
      const stored = storedFile(url)
      const metadata = await sharp(stored, { animated: true }).metadata()
      expect(metadata.format).toBe('webp')
      expect(metadata.pages ?? 1).toBe(1)
      expect(metadata.height).toBe(48)
      const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true })
      // The first frame is red.
      expect(data[0]).toBeGreaterThan(200)
      expect(data[1]).toBeLessThan(50)
      expect(data[2]).toBeLessThan(50)
    }
  })

  it('turns a photo upright by its EXIF orientation', async () => {
    const rotated = await solidJpeg(400, 300, { orientation: 6 })
    expect(await sharp(rotated).metadata()).toMatchObject({ width: 400, height: 300, orientation: 6 })
    const image = await uploadOk(rotated)
    expect([image.width, image.height]).toEqual([300, 400])
    const stored = await sharp(storedFile(image.fullUrl)).metadata()
    expect([stored.width, stored.height, stored.orientation]).toEqual([300, 400, undefined])
  })

  it('reports refusals as ImageRejectedError with the message to show', async () => {
    const error = await processImage(Buffer.from('GIF89a, mas só no começo')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ImageRejectedError)
    expect(error).toMatchObject({
      reason: 'not_image',
      message: 'Por favor, selecione apenas arquivos de imagem',
    })
    // Over HTTP a file this heavy is refused by its declared size first; the pipeline refuses it too.
    await expect(processImage(await noisePng(1600, 1400))).rejects.toMatchObject({ reason: 'too_large' })
  })
})

describe('attachUploads and releaseUploads', () => {
  const rowOf = (id: string) => db.select().from(uploads).where(eq(uploads.id, id)).get()

  function attach(ownerId: number, ids: string[], kind: UploadKind = 'listing') {
    return db.transaction((tx) => attachUploads(tx, storage, ownerId, ids, kind))
  }

  function expectInvalid(run: () => unknown) {
    let error: unknown
    try {
      run()
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ status: 'BAD_REQUEST', appCode: 'INVALID_UPLOAD' })
  }

  it('attaches the owner’s uploads and returns them in the order given', async () => {
    const first = await uploadOk(await solidJpeg(200, 100, { colour: '#111111' }))
    const second = await uploadOk(await solidJpeg(100, 200, { colour: '#222222' }))
    const attached = attach(student.id, [second.id, first.id])
    expect(attached).toEqual([second, first])
    expect(rowOf(first.id)?.attachedAt).toBeInstanceOf(Date)
    expect(rowOf(second.id)?.attachedAt).toBeInstanceOf(Date)
  })

  it('refuses someone else’s upload, another kind, an unknown id or a repeated one, changing nothing', async () => {
    const mine = await uploadOk(await solidJpeg(210, 100))
    const theirs = await uploadOk(await solidJpeg(220, 100), { as: otherStudent })
    const avatar = await uploadOk(await solidJpeg(230, 100), { kind: 'avatar' })
    expectInvalid(() => attach(student.id, [mine.id, theirs.id]))
    expectInvalid(() => attach(student.id, [mine.id, avatar.id]))
    expectInvalid(() => attach(student.id, [mine.id, 'nao-existe']))
    expectInvalid(() => attach(student.id, [mine.id, mine.id]))
    expect(rowOf(mine.id)?.attachedAt).toBeNull()
    expect(attach(student.id, [avatar.id], 'avatar')).toEqual([avatar])
  })

  it('releases an upload only once no listing photo points at it', async () => {
    const kept = await uploadOk(await solidJpeg(240, 100))
    const dropped = await uploadOk(await solidJpeg(250, 100))
    attach(student.id, [kept.id, dropped.id])
    const listing = { id: createListing(db, { sellerId: student.id, title: 'Calculadora HP 12c' }) }
    db.insert(listingImages)
      .values({
        listingId: listing.id,
        uploadId: kept.id,
        position: 0,
        cardUrl: kept.cardUrl,
        fullUrl: kept.fullUrl,
      })
      .run()

    releaseUploads(db, [kept.id, dropped.id])
    expect(rowOf(kept.id)?.attachedAt).toBeInstanceOf(Date)
    expect(rowOf(dropped.id)?.attachedAt).toBeNull()
  })
})

describe('deleteOrphanUploads', () => {
  let keyCount = 0
  function newKeys() {
    keyCount += 1
    const hash = createHash('sha256').update(`arquivo-de-teste-${keyCount}`).digest('hex')
    return { cardKey: `${hash}-card.webp`, fullKey: `${hash}-full.webp`, phoneKey: `${hash}-phone.webp` }
  }

  async function orphanCandidate(options: {
    ageMs: number
    attached?: boolean
    keys?: { cardKey: string; fullKey: string; phoneKey: string }
  }) {
    const keys = options.keys ?? newKeys()
    for (const key of [keys.cardKey, keys.fullKey, keys.phoneKey]) {
      expect(key).toMatch(UPLOAD_KEY_PATTERN)
      await storage.put(key, Buffer.from(key))
    }
    const id = `limpeza-${keyCount}-${Math.random().toString(36).slice(2)}`
    const createdAt = new Date(Date.now() - options.ageMs)
    db.insert(uploads)
      .values({
        id,
        ownerId: student.id,
        kind: 'listing',
        ...keys,
        width: 10,
        height: 10,
        bytes: 20,
        attachedAt: options.attached ? createdAt : null,
        createdAt,
      })
      .run()
    return { id, ...keys }
  }

  const exists = (id: string) => db.select().from(uploads).where(eq(uploads.id, id)).get() !== undefined
  const onDisk = (key: string) => existsSync(join(uploadsFolder, key))

  it('deletes old unattached uploads and their files, keeping recent, attached and shared ones', async () => {
    // Whatever earlier tests left behind is recent, hence not collected.
    const old = await orphanCandidate({ ageMs: 25 * HOUR })
    const recent = await orphanCandidate({ ageMs: 23 * HOUR })
    const attached = await orphanCandidate({ ageMs: 48 * HOUR, attached: true })
    const sharedKeys = newKeys()
    const sharedAttached = await orphanCandidate({ ageMs: 48 * HOUR, attached: true, keys: sharedKeys })
    const sharedOrphan = await orphanCandidate({ ageMs: 48 * HOUR, keys: sharedKeys })

    expect(await deleteOrphanUploads(db, storage)).toBe(2)

    expect(exists(old.id)).toBe(false)
    expect(onDisk(old.cardKey) || onDisk(old.fullKey) || onDisk(old.phoneKey)).toBe(false)
    expect(exists(sharedOrphan.id)).toBe(false)
    expect(exists(sharedAttached.id)).toBe(true)
    expect(onDisk(sharedKeys.cardKey) && onDisk(sharedKeys.fullKey) && onDisk(sharedKeys.phoneKey)).toBe(true)
    for (const kept of [recent, attached]) {
      expect(exists(kept.id)).toBe(true)
      expect(onDisk(kept.cardKey) && onDisk(kept.fullKey) && onDisk(kept.phoneKey)).toBe(true)
    }

    // The grace period is a parameter; a second run finds nothing more.
    expect(await deleteOrphanUploads(db, storage, { now: new Date(Date.now() + 2 * HOUR) })).toBe(1)
    expect(exists(recent.id)).toBe(false)
    expect(await deleteOrphanUploads(db, storage, { now: new Date(Date.now() + 2 * HOUR) })).toBe(0)
    expect(exists(attached.id)).toBe(true)
  })
})

describe('backfillPhoneRenditions', () => {
  const rowOf = (id: string) => db.select().from(uploads).where(eq(uploads.id, id)).get()

  /** An upload as it was stored before there was a phone rendition: card and full only. */
  async function storedBefore(file: Buffer, options: UploadOptions = {}) {
    const image = await uploadOk(file, options)
    const row = rowOf(image.id)
    if (row?.phoneKey && row.phoneKey !== row.fullKey) await storage.remove(row.phoneKey)
    const bytes = storedFile(image.cardUrl).length + storedFile(image.fullUrl).length
    db.update(uploads).set({ phoneKey: null, bytes }).where(eq(uploads.id, image.id)).run()
    return { ...image, bytes }
  }

  it('makes the phone rendition of older listing and banner photos from their full one, once', async () => {
    const listing = await storedBefore(await solidJpeg(1800, 1200, { colour: '#8e44ad' }))
    const banner = await storedBefore(await solidJpeg(1920, 600, { colour: '#27ae60' }), {
      as: admin,
      kind: 'banner',
    })
    const small = await storedBefore(await solidJpeg(800, 600, { colour: '#7f8c8d' }))
    const avatar = await storedBefore(await solidJpeg(1200, 1200, { colour: '#34495e' }), { kind: 'avatar' })

    expect(await backfillPhoneRenditions(db, storage)).toEqual({ made: 2, small: 1, failed: 0, done: true })
    for (const [image, width, height] of [
      [listing, 960, 640],
      [banner, 960, 300],
    ] as const) {
      const row = rowOf(image.id)
      const phone = storedFile(`/uploads/${row?.phoneKey}`)
      expect(row?.phoneKey).toBe(`${createHash('sha256').update(phone).digest('hex')}-phone.webp`)
      expect(await sharp(phone).metadata()).toMatchObject({ format: 'webp', width, height })
      expect(row?.bytes).toBe(image.bytes + phone.length)
    }
    // No larger than the phone rendition: a phone loads the full one.
    expect(rowOf(small.id)?.phoneKey).toBe(rowOf(small.id)?.fullKey)
    // An avatar is never shown across a phone.
    expect(rowOf(avatar.id)?.phoneKey).toBeNull()

    expect(await backfillPhoneRenditions(db, storage)).toEqual({ made: 0, small: 0, failed: 0, done: true })
  })

  it('leaves a photo whose full rendition is missing as it was', async () => {
    const image = await storedBefore(await solidJpeg(1700, 1000, { colour: '#c0392b' }))
    const files = storedFiles()
    const lost = keyOf(image.fullUrl)
    const full = storedFile(image.fullUrl)
    await storage.remove(lost)
    expect(await backfillPhoneRenditions(db, storage)).toMatchObject({ made: 0, failed: 1 })
    expect(rowOf(image.id)?.phoneKey).toBeNull()
    await storage.put(lost, full)
    expect(storedFiles()).toEqual(files)
    expect(await backfillPhoneRenditions(db, storage)).toMatchObject({ made: 1, failed: 0 })
  })

  it('leaves no file behind when the orphan sweep takes the upload meanwhile', async () => {
    const image = await storedBefore(await solidJpeg(1700, 1100, { colour: '#e67e22' }))
    const files = storedFiles().filter(
      (name) => name !== keyOf(image.cardUrl) && name !== keyOf(image.fullUrl),
    )
    // The sweep deletes the row (and its files) while the full rendition is being read.
    const sweeping: ImageStorage = {
      ...storage,
      read: async (key) => {
        const data = await storage.read(key)
        db.delete(uploads).where(eq(uploads.id, image.id)).run()
        await storage.remove(keyOf(image.cardUrl))
        await storage.remove(keyOf(image.fullUrl))
        return data
      },
    }
    expect(await backfillPhoneRenditions(db, sweeping)).toMatchObject({ made: 0 })
    expect(storedFiles()).toEqual(files)
  })
})
