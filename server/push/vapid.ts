import { createECDH } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import webpush from 'web-push'

/** The server's VAPID identity (RFC 8292): push services only deliver what this key pair signs. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string }

/** Where the generated pair lives in DATA_DIR; the backup copies it beside secret.key. */
export const VAPID_FILE = 'vapid.json'

/**
 * The pair comes from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY or, when both are unset, from a file created at
 * the first start in the data directory (readable by the app's user only). A new pair would orphan every
 * subscription (browsers bind them to the key), so it is made once and kept in backups.
 * Throws, naming the problem, when the pair or the subject is not usable.
 */
export function loadVapidKeys(
  dataDir: string,
  fromEnv: { publicKey?: string; privateKey?: string; subject: string },
): VapidKeys {
  let pair: { publicKey: string; privateKey: string }
  if (fromEnv.publicKey && fromEnv.privateKey) {
    pair = { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey }
  } else {
    const file = join(dataDir, VAPID_FILE)
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true })
      writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 })
      chmodSync(file, 0o600)
    }
    pair = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
  }
  const keys = { ...pair, subject: fromEnv.subject }
  assertVapidKeys(keys)
  return keys
}

/** web-push's own checks (sizes, base64url, subject), plus: the public key is the private key's. */
export function assertVapidKeys(keys: VapidKeys): void {
  webpush.setVapidDetails(keys.subject, keys.publicKey, keys.privateKey)
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'))
  if (ecdh.getPublicKey().toString('base64url') !== keys.publicKey) {
    throw new Error('VAPID_PUBLIC_KEY não corresponde a VAPID_PRIVATE_KEY.')
  }
}
