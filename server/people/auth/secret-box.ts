import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Encrypts small secrets kept in the database (TOTP keys), so a leaked copy of it is not enough. */
export type SecretBox = {
  seal(plain: string): string
  open(stored: string): string
  /**
   * A keyed digest of `label` (HMAC-SHA-256 under a key derived from the box's own): the same label always
   * gives the same bytes, which nobody without the key can compute. Labels name their purpose
   * ('handoff:42'), so one use never yields another's digest.
   */
  digest(label: string): Buffer
}

const VERSION = 'v1'
/** The full GCM tag, as seal() writes it; nothing shorter is accepted. */
const TAG_BYTES = 16

/** Whether a value has the shape seal() writes (open() reads anything else back unchanged). */
export const isSealed = (value: string): boolean => value.startsWith(`${VERSION}.`)

/** AES-256-GCM; stored as 'v1.<iv>.<tag>.<ciphertext>', base64url. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A chave de criptografia precisa ter 32 bytes.')
  // A separate key for digests: the encryption key itself is never used for two things.
  const digestKey = createHmac('sha256', key).update('vupt:digest').digest()
  return {
    digest(label) {
      return createHmac('sha256', digestKey).update(label).digest()
    },
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    open(stored) {
      const [version, iv, tag, data] = stored.split('.')
      // A value written before encryption existed is read as it is.
      if (version !== VERSION || !iv || !tag || data === undefined) return stored
      const authTag = Buffer.from(tag, 'base64url')
      // GCM checks only as many tag bytes as it is given: a tag cut to 4 bytes is guessed in 2^32 tries.
      if (authTag.length !== TAG_BYTES)
        throw new Error('Valor cifrado com etiqueta de autenticação incompleta.')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      })
      decipher.setAuthTag(authTag)
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      )
    },
  }
}

/**
 * The key comes from SECRET_KEY (base64, 32 bytes) or, on a single machine, from a file created at the
 * first start in the data directory (readable by the app's user only). Losing it disables two-factor
 * for everyone who enrolled: back it up with the database.
 */
export function loadSecretKey(dataDir: string, fromEnv?: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'base64')
  const file = join(dataDir, 'secret.key')
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 })
    chmodSync(file, 0o600)
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
}
