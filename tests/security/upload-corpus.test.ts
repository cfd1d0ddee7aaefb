/**
 * Hostile files against POST /api/uploads, through the real HTTP server: each is refused with the
 * status and message the client shows, leaving no row and no file behind; a photo with a GPS
 * position is stored without it.
 */

import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { createStudent } from '../../server/db/factories'
import { uploads } from '../../server/db/schema'
import { createLocalImageStorage } from '../../server/uploads/storage'
import type { AppErrorCode } from '../../shared/errors'
import { MAX_UPLOAD_BYTES, type UploadedImage } from '../../shared/uploads'
import {
  browserHeaders,
  expressErrorBody,
  type RunningApp,
  sessionCookieFor,
  startHttpApp,
} from '../support/http'
import { blankPng, exifGpsTags, jpegWithGps, noisePng, pngChunk, solidJpeg } from '../support/images'
import {
  closeTestDatabase,
  createTestDatabase,
  createTestServices,
  type TestServices,
} from '../support/test-app'

let folder: string
let db: Database
let services: TestServices
let app: RunningApp
let cookie: string

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'vupt-corpus-'))
  db = await createTestDatabase()
  services = createTestServices(db, { storage: createLocalImageStorage(folder) })
  app = await startHttpApp(services)
  cookie = sessionCookieFor(services, (await createStudent(db, { member: true })).id)
})

afterAll(async () => {
  await app.close()
  closeTestDatabase(db)
  rmSync(folder, { recursive: true, force: true })
})

async function upload(file: Buffer, name: string, type: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)], { type }), name)
  const response = await fetch(`${app.url}/api/uploads?kind=listing`, {
    method: 'POST',
    body: form,
    headers: browserHeaders(app.url, cookie),
  })
  return { status: response.status, body: (await response.json()) as UploadedImage & { message?: string } }
}

const uploadCount = () => db.select({ n: sql<number>`count(*)` }).from(uploads).get()?.n ?? 0
const storedFiles = () => readdirSync(folder).sort()

/** A header announcing 20000 × 20000 RGBA pixels, followed by a few bytes of pixel data only. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(document.cookie)">' +
    '<script>fetch("/api/trpc/account.exportData").then((r) => r.text()).then(alert)</script>' +
    '<rect width="10" height="10"/></svg>',
)

type CorpusFile = { label: string; file: () => Buffer | Promise<Buffer>; name: string; type: string }
const REFUSED: [CorpusFile, number, [AppErrorCode, string]][] = [
  [
    {
      label: 'a text file renamed .jpg and declared image/jpeg',
      file: () => Buffer.from('Olá! Isto não é uma foto, só texto com extensão de imagem.\n'.repeat(20)),
      name: 'foto.jpg',
      type: 'image/jpeg',
    },
    415,
    ['UPLOAD_NOT_IMAGE', 'Por favor, selecione apenas arquivos de imagem'],
  ],
  [
    { label: 'an SVG with a script', file: () => SVG_WITH_SCRIPT, name: 'logo.svg', type: 'image/svg+xml' },
    415,
    ['UPLOAD_NOT_IMAGE', 'Por favor, selecione apenas arquivos de imagem'],
  ],
  [
    { label: 'the same SVG named .png', file: () => SVG_WITH_SCRIPT, name: 'logo.png', type: 'image/png' },
    415,
    ['UPLOAD_NOT_IMAGE', 'Por favor, selecione apenas arquivos de imagem'],
  ],
  [
    {
      label: 'a truncated JPEG',
      file: async () => {
        const jpeg = await solidJpeg(800, 600)
        return jpeg.subarray(0, Math.floor(jpeg.length / 2))
      },
      name: 'foto.jpg',
      type: 'image/jpeg',
    },
    415,
    ['UPLOAD_NOT_IMAGE', 'Por favor, selecione apenas arquivos de imagem'],
  ],
  [
    // A real, modest-sized picture (1600 × 1400 random pixels, uncompressed): only its weight is wrong.
    { label: 'a 6 MB file', file: () => noisePng(1600, 1400), name: 'ruido.png', type: 'image/png' },
    413,
    ['UPLOAD_TOO_LARGE', 'Imagem muito grande. Tamanho máximo: 5MB'],
  ],
  [
    {
      label: 'a PNG header announcing 20000 × 20000 pixels, with almost no pixel data',
      file: () => pngHeaderOnly(20_000, 20_000),
      name: 'cabecalho.png',
      type: 'image/png',
    },
    422,
    ['UPLOAD_TOO_MANY_PIXELS', 'Imagem com dimensões muito grandes. Use no máximo 40 megapixels.'],
  ],
  [
    {
      label: 'a decompression bomb: a small, complete PNG of 400 megapixels',
      file: () => blankPng(20_000, 20_000),
      name: 'bomba.png',
      type: 'image/png',
    },
    422,
    ['UPLOAD_TOO_MANY_PIXELS', 'Imagem com dimensões muito grandes. Use no máximo 40 megapixels.'],
  ],
]

describe('POST /api/uploads with hostile files', () => {
  it('builds the corpus it means to: sizes and dimensions as labelled', async () => {
    expect((await noisePng(1600, 1400)).length).toBeGreaterThan(6 * 1024 * 1024)
    const bomb = blankPng(20_000, 20_000)
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES / 20)
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
    })
    expect(await sharp(pngHeaderOnly(20_000, 20_000), { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 20_000,
      height: 20_000,
    })
  })

  it.each(REFUSED)('refuses $label', async ({ file, name, type }, status, [appCode, message]) => {
    const rowsBefore = uploadCount()
    const filesBefore = storedFiles()
    const response = await upload(await file(), name, type)
    expect(response).toEqual({
      status,
      body: expressErrorBody(appCode, message),
    })
    expect(uploadCount()).toBe(rowsBefore)
    expect(storedFiles()).toEqual(filesBefore)
  })

  it('stores a phone JPEG with a GPS position as WebP without any EXIF', async () => {
    const jpeg = await jpegWithGps()
    expect(exifGpsTags((await sharp(jpeg).metadata()).exif)).toEqual(expect.arrayContaining([1, 2, 3, 4]))
    const { status, body } = await upload(jpeg, 'celular.jpg', 'image/jpeg')
    expect(status, body.message).toBe(201)
    for (const url of [body.cardUrl, body.fullUrl]) {
      // As anyone would get it back: through the server.
      const stored = Buffer.from(await (await fetch(`${app.url}${url}`)).arrayBuffer())
      const metadata = await sharp(stored).metadata()
      expect(metadata.format).toBe('webp')
      expect(metadata.exif).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
      expect(exifGpsTags(metadata.exif)).toEqual([])
      // No EXIF or XMP chunk in the RIFF container at all.
      expect(stored.includes('EXIF')).toBe(false)
      expect(stored.includes('XMP ')).toBe(false)
    }
  })
})
