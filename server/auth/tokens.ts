import { createHash } from 'node:crypto'
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding'

/** 20 random bytes (160 bits), base32: the shape of session and e-mail tokens. */
export function generateToken(): string {
  const bytes = new Uint8Array(20)
  crypto.getRandomValues(bytes)
  return encodeBase32LowerCaseNoPadding(bytes)
}

let lastToken: string | undefined
let lastHash = ''

/**
 * What the database stores instead of a token: a leaked table grants nothing. The last one is kept: a
 * member's request hashes its session token twice (the answer cache's key, then the session's id).
 */
export function hashToken(token: string): string {
  if (token !== lastToken) {
    lastHash = createHash('sha256').update(token).digest('hex')
    lastToken = token
  }
  return lastHash
}
