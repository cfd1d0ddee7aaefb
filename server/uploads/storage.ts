import { createHash, randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { open, readFile, rename, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'

/** Where processed images live: a local folder today, object storage later. */
export interface ImageStorage {
  /** Stores the bytes under the key, replacing what was there. Readers never see a partial file. */
  put(key: string, data: Buffer): Promise<void>
  /** Deletes the key; a key that does not exist is not an error. */
  remove(key: string): Promise<void>
  /** The stored bytes, or null when the key holds nothing. */
  read(key: string): Promise<Buffer | null>
  /** Public URL of a public key (private keys are reached only through an authenticated route). */
  urlFor(key: string): string
  /**
   * Set when the files sit on this machine and the app serves the public ones itself under /uploads;
   * absent for storage that has its own public URLs.
   */
  readonly localFolder?: string
}

export type Rendition = 'card' | 'phone' | 'full'

/** Public names, served to anyone under /uploads: the content's SHA-256 and the rendition. */
export const UPLOAD_KEY_PATTERN = /^[a-f0-9]{64}-(card|phone|full)\.webp$/
/**
 * Private names (chat photos): never matched by the public route, read only after a membership check.
 * A chat photo has no phone rendition: the bubble shows the card one, and one opened is for looking closer.
 */
export const PRIVATE_UPLOAD_KEY_PATTERN = /^private-[a-f0-9]{64}-(card|full)\.webp$/

export type KeyAccess = 'public' | 'private'

/**
 * Named by content: the same bytes always get the same key, so a file never changes under its name
 * and can be cached forever; one photo uploaded twice is stored once (once per access).
 */
export function renditionKey(data: Buffer, rendition: Rendition, access: KeyAccess = 'public'): string {
  const name = `${createHash('sha256').update(data).digest('hex')}-${rendition}.webp`
  return access === 'private' ? `private-${name}` : name
}

function assertKey(key: string): void {
  if (!UPLOAD_KEY_PATTERN.test(key) && !PRIVATE_UPLOAD_KEY_PATTERN.test(key)) {
    throw new Error(`chave de upload inválida: ${key}`)
  }
}

export function createLocalImageStorage(folder: string): ImageStorage {
  const root = resolve(folder)
  mkdirSync(root, { recursive: true })
  return {
    localFolder: root,
    async put(key, data) {
      assertKey(key)
      // Dot-prefixed so it can never match a served key while being written.
      const temp = join(root, `.tmp-${randomUUID()}`)
      try {
        const handle = await open(temp, 'wx')
        try {
          await handle.writeFile(data)
          // The database row pointing at the file is durable (synchronous = FULL); the file must be too.
          await handle.sync()
        } finally {
          await handle.close()
        }
        await rename(temp, join(root, key))
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
    },
    async remove(key) {
      assertKey(key)
      await rm(join(root, key), { force: true })
    },
    async read(key) {
      assertKey(key)
      try {
        return await readFile(join(root, key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    urlFor(key) {
      return `/uploads/${key}`
    },
  }
}

/** Keeps the files in memory: for tests and scripts that never serve them. */
export function createMemoryImageStorage(): ImageStorage & { readonly files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>()
  return {
    files,
    async put(key, data) {
      assertKey(key)
      files.set(key, Buffer.from(data))
    },
    async remove(key) {
      files.delete(key)
    },
    async read(key) {
      return files.get(key) ?? null
    },
    urlFor(key) {
      return `/uploads/${key}`
    },
  }
}
