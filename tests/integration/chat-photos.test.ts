import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCommunity, createStudent } from '../../server/db/factories'
import { uploads } from '../../server/db/schema'
import { createBackup, restoreBackup } from '../../server/ops/backup'
import { deleteAccount } from '../../server/people/account/delete-account'
import type { ChatEvent } from '../../server/realtime/bus'
import { releaseUploads } from '../../server/uploads/attach'
import { deleteOrphanUploads } from '../../server/uploads/cleanup'
import { createLocalImageStorage } from '../../server/uploads/storage'
import { CHAT_PHOTOS_MAX, type ChatPhoto } from '../../shared/chat'
import type { UploadedImage } from '../../shared/uploads'
import { expectTRPCError, expectValidationMessage } from '../support/assertions'
import {
  browserHeaders,
  expressErrorBody,
  type RunningApp,
  sessionCookieFor,
  startHttpApp,
} from '../support/http'
import { jpegWithGps, solidJpeg } from '../support/images'
import { type AppCaller, callerFor, MIGRATIONS_FOLDER, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()
let dataDir: string
let app: RunningApp
let aliceId: number
let bobId: number
let eveId: number
let alice: AppCaller
let bob: AppCaller
let conversationId: number

const cookieOf = (userId: number) => sessionCookieFor(world.services, userId)

async function upload(userId: number, file: Buffer, { kind = 'chat', type = 'image/jpeg' } = {}) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)], { type }), 'foto.jpg')
  const response = await fetch(`${app.url}/api/uploads?kind=${kind}`, {
    method: 'POST',
    body: form,
    headers: browserHeaders(app.url, cookieOf(userId)),
  })
  return {
    status: response.status,
    body: (await response.json()) as UploadedImage & { error?: unknown },
  }
}

async function chatUpload(userId: number, colour = '#2e86de'): Promise<UploadedImage> {
  const { status, body } = await upload(userId, await solidJpeg(320, 240, { colour }))
  expect(status).toBe(201)
  return body
}

/** GET of a photo address as the browser of `userId` (or a visitor) loads it. */
async function load(path: string, userId?: number) {
  const response = await fetch(`${app.url}${path}`, {
    headers: userId ? { cookie: cookieOf(userId) } : {},
  })
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  }
}

async function memberOfAnotherCommunity(): Promise<number> {
  const other = createCommunity(world.db)
  return (
    await createStudent(world.db, { member: true, email: `x@${other.emailDomain}`, communityId: other.id })
  ).id
}

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vupt-chat-photos-'))
  world.services.storage = createLocalImageStorage(join(dataDir, 'uploads'))
  app = await startHttpApp(world.services)
  aliceId = (await createStudent(world.db, { member: true })).id
  bobId = (await createStudent(world.db, { member: true })).id
  eveId = (await createStudent(world.db, { member: true })).id
  alice = callerFor(world.services, { userId: aliceId }).caller
  bob = callerFor(world.services, { userId: bobId }).caller
  conversationId = (await alice.chat.start({ username: (await bob.profiles.me()).username ?? '' }))
    .conversationId
})

afterEach(async () => {
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('fotos no chat: envio', () => {
  it(`manda texto, fotos ou os dois, até ${CHAT_PHOTOS_MAX} fotos por mensagem, na ordem escolhida`, async () => {
    const photos = await Promise.all(
      ['#e74c3c', '#27ae60', '#2980b9', '#8e44ad'].map((c) => chatUpload(aliceId, c)),
    )
    const ids = photos.map((photo) => photo.id)
    await expectValidationMessage(
      alice.chat.send({ conversationId, photos: ids }),
      `Máximo ${CHAT_PHOTOS_MAX} fotos por mensagem`,
    )
    expect((await bob.chat.messages({ conversationId })).items).toEqual([])

    const onlyPhotos = await alice.chat.send({ conversationId, photos: ids.slice(0, 3).reverse() })
    expect(onlyPhotos.content).toBe('')
    const both = await alice.chat.send({ conversationId, content: 'E esta aqui?', photos: [ids[3] ?? ''] })
    await alice.chat.send({ conversationId, content: 'Só texto.' })
    await expectValidationMessage(
      alice.chat.send({ conversationId, content: '  ', photos: [] }),
      'Digite uma mensagem',
    )

    const page = await bob.chat.messages({ conversationId })
    expect(page.items.map((m) => [m.content, m.photos.map((p) => p.id)])).toEqual([
      ['Só texto.', []],
      ['E esta aqui?', [ids[3]]],
      ['', [ids[2], ids[1], ids[0]]],
    ])
    expect(both.photos[0]).toMatchObject({ cardUrl: expect.stringMatching(/^\/api\/chat\/photos\//) })
  })

  it('recusa o que não é imagem, e fotos de outra pessoa ou de outro tipo, sem gravar a mensagem', async () => {
    const text = await upload(aliceId, Buffer.from('isto não é uma foto, é texto puro'), {
      type: 'image/jpeg',
    })
    expect(text.status).toBe(415)
    expect(text.body).toEqual(
      expressErrorBody('UPLOAD_NOT_IMAGE', 'Por favor, selecione apenas arquivos de imagem'),
    )

    const bobsPhoto = await chatUpload(bobId)
    await expectTRPCError(alice.chat.send({ conversationId, photos: [bobsPhoto.id] }), 'BAD_REQUEST')
    const listingPhoto = await upload(aliceId, await solidJpeg(), { kind: 'listing' })
    expect(listingPhoto.status).toBe(201)
    await expectTRPCError(alice.chat.send({ conversationId, photos: [listingPhoto.body.id] }), 'BAD_REQUEST')
    await expectTRPCError(alice.chat.send({ conversationId, photos: [randomUUID()] }), 'BAD_REQUEST')
    const mine = await chatUpload(aliceId)
    await expectTRPCError(alice.chat.send({ conversationId, photos: [mine.id, mine.id] }), 'BAD_REQUEST')
    expect((await bob.chat.messages({ conversationId })).items).toEqual([])
  })

  it('quem bloqueou ou foi bloqueado não manda foto', async () => {
    const photo = await chatUpload(aliceId)
    await bob.safety.block({ userId: aliceId })
    await expectTRPCError(alice.chat.send({ conversationId, photos: [photo.id] }), 'FORBIDDEN')
    expect((await bob.chat.messages({ conversationId })).items).toEqual([])
  })

  it('entrega ao vivo ao outro membro a mensagem com as fotos, que ele consegue abrir', async () => {
    const abort = new AbortController()
    const { caller } = callerFor(world.services, { userId: bobId }, {}, { signal: abort.signal })
    const events = (await caller.chat.events())[Symbol.asyncIterator]()
    const first = events.next()
    await world.services.bus.listening('chat', bobId)
    const photo = await chatUpload(aliceId)
    const sent = await alice.chat.send({
      conversationId,
      content: 'Olha o estado do livro',
      photos: [photo.id],
    })
    const received = await first
    abort.abort()
    const [, event] = received.value as unknown as [string, ChatEvent]
    expect(event).toMatchObject({
      type: 'message',
      conversationId,
      message: { id: sent.id, content: 'Olha o estado do livro' },
    })
    const livePhotos: ChatPhoto[] = event.type === 'message' ? event.message.photos : []
    expect(livePhotos.map((p) => p.id)).toEqual([photo.id])
    const opened = await load(livePhotos[0]?.fullUrl ?? '', bobId)
    expect(opened.status).toBe(200)
    expect(opened.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(opened.body).metadata()).format).toBe('webp')
  })
})

describe('fotos no chat: quem carrega', () => {
  it('só os dois membros da conversa carregam a foto, mesmo com o endereço; nunca pelo /uploads público', async () => {
    const photo = await chatUpload(aliceId)
    const sent = await alice.chat.send({ conversationId, photos: [photo.id] })
    const { cardUrl, fullUrl } = sent.photos[0] ?? { cardUrl: '', fullUrl: '' }

    for (const url of [cardUrl, fullUrl]) {
      for (const member of [aliceId, bobId]) {
        const seen = await load(url, member)
        expect(seen.status).toBe(200)
        expect(seen.headers.get('cache-control')).toBe('no-store')
      }
      expect((await load(url, eveId)).status).toBe(404)
      expect((await load(url, await memberOfAnotherCommunity())).status).toBe(404)
      expect((await load(url)).status).toBe(401)
    }
    // A third member of the community cannot load it even after talking to both of them.
    await callerFor(world.services, { userId: eveId }).caller.chat.start({
      username: (await bob.profiles.me()).username ?? '',
    })
    expect((await load(fullUrl, eveId)).status).toBe(404)
    // A forged address, even a huge one, is refused like an unknown photo.
    expect((await load(`/api/chat/photos/${'a'.repeat(4000)}/full`, bobId)).status).toBe(404)
    expect((await load(`/api/chat/photos/${photo.id}/original`, bobId)).status).toBe(404)

    const stored = world.db.select().from(uploads).where(eq(uploads.id, photo.id)).get()
    for (const key of [stored?.cardKey, stored?.fullKey]) {
      expect(key).toMatch(/^private-/)
      expect((await load(`/uploads/${key}`, bobId)).status).toBe(404)
    }
  })

  it('cada endereço dá o seu tamanho: o do card é menor que o da foto inteira', async () => {
    const { status, body: photo } = await upload(aliceId, await solidJpeg(1200, 900))
    expect(status).toBe(201)
    // Before sending, only who uploaded it sees the preview.
    expect((await sharp((await load(photo.cardUrl, aliceId)).body).metadata()).width).toBe(640)
    expect((await load(photo.cardUrl, bobId)).status).toBe(404)
    // An address of the right shape that names no photo is refused like a photo of someone else.
    expect((await load(photo.cardUrl.replace(photo.id, randomUUID()), aliceId)).status).toBe(404)
    const sent = await alice.chat.send({ conversationId, photos: [photo.id] })
    const { cardUrl, fullUrl } = sent.photos[0] ?? { cardUrl: '', fullUrl: '' }
    for (const viewer of [aliceId, bobId]) {
      const card = await load(cardUrl, viewer)
      const full = await load(fullUrl, viewer)
      expect((await sharp(card.body).metadata()).width).toBe(640)
      expect((await sharp(full.body).metadata()).width).toBe(1200)
    }
  })

  it('a foto sai sem EXIF nem GPS', async () => {
    const original = await jpegWithGps()
    expect((await sharp(original).metadata()).exif).toBeDefined()
    const { status, body } = await upload(aliceId, original)
    expect(status).toBe(201)
    const sent = await alice.chat.send({ conversationId, photos: [body.id] })
    for (const url of [sent.photos[0]?.cardUrl ?? '', sent.photos[0]?.fullUrl ?? '']) {
      const served = await load(url, bobId)
      expect(served.status).toBe(200)
      const metadata = await sharp(served.body).metadata()
      expect(metadata.exif).toBeUndefined()
      expect(served.body.includes(Buffer.from('Câmera de Teste'))).toBe(false)
    }
  })
})

describe('fotos no chat: conta, exportação, limpeza e backup', () => {
  it('a conta excluída leva as fotos que mandou; o texto fica; a limpeza apaga os arquivos', async () => {
    const photo = await chatUpload(aliceId)
    await alice.chat.send({ conversationId, content: 'Segue a foto', photos: [photo.id] })
    const bobsPhoto = await chatUpload(bobId, '#16a085')
    await bob.chat.send({ conversationId, photos: [bobsPhoto.id] })
    const folder = join(dataDir, 'uploads')
    const alicesFiles = world.db.select().from(uploads).where(eq(uploads.id, photo.id)).get()

    deleteAccount(world.services, aliceId)
    const page = await bob.chat.messages({ conversationId })
    expect(page.items.map((m) => [m.content, m.photos.length])).toEqual([
      ['', 1],
      ['Segue a foto', 0],
    ])
    expect((await load(`/api/chat/photos/${photo.id}/full`, bobId)).status).toBe(404)

    expect(await deleteOrphanUploads(world.db, world.services.storage, { olderThanMs: 0 })).toBe(1)
    expect(existsSync(join(folder, alicesFiles?.fullKey ?? 'x'))).toBe(false)
    // Bob's photo is still in use: kept, and still his to open.
    expect((await load(`/api/chat/photos/${bobsPhoto.id}/full`, bobId)).status).toBe(200)
  })

  it('a limpeza de órfãs leva a foto escolhida e nunca enviada, e deixa as enviadas', async () => {
    const sentPhoto = await chatUpload(aliceId)
    await alice.chat.send({ conversationId, photos: [sentPhoto.id] })
    const abandoned = await chatUpload(aliceId, '#f1c40f')
    // A release of an upload a message still shows does not hand it to the sweep.
    releaseUploads(world.db, [sentPhoto.id])
    expect(await deleteOrphanUploads(world.db, world.services.storage, { olderThanMs: 0 })).toBe(1)
    expect(world.db.select().from(uploads).where(eq(uploads.id, abandoned.id)).get()).toBeUndefined()
    expect((await load(`/api/chat/photos/${sentPhoto.id}/card`, bobId)).status).toBe(200)
  })

  it('a exportação de dados lista as fotos das mensagens, e o backup as leva e restaura', async () => {
    const photo = await chatUpload(aliceId)
    await alice.chat.send({ conversationId, content: 'Foto do recibo', photos: [photo.id] })
    const exported = await bob.account.exportData()
    expect(exported.messages).toEqual([
      expect.objectContaining({ content: 'Foto do recibo', sentByMe: false, photos: [photo.fullUrl] }),
    ])

    const stored = world.db.select().from(uploads).where(eq(uploads.id, photo.id)).get()
    const backup = await createBackup({
      sqlite: world.db.$client,
      dataDir,
      migrationsFolder: MIGRATIONS_FOLDER,
      outDir: join(dataDir, 'backups'),
    })
    const restored = join(dataDir, 'restored')
    await restoreBackup({ archive: backup.file, dataDir: restored, migrationsFolder: MIGRATIONS_FOLDER })
    expect(readdirSync(join(restored, 'uploads'))).toEqual(
      expect.arrayContaining([stored?.cardKey, stored?.fullKey]),
    )
  })
})
