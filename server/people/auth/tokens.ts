import { hash } from 'node:crypto'
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding'

/** 20 random bytes (160 bits), base32: the shape of session and e-mail tokens. */
export function generateToken(): string {
  const bytes = new Uint8Array(20)
  crypto.getRandomValues(bytes)
  return encodeBase32LowerCaseNoPadding(bytes)
}

/** What the database stores instead of a token: a leaked table grants nothing. */
export function hashToken(token: string): string {
  // The one-shot hash: each request hashes its session token two or three times.
  return hash('sha256', token, 'hex')
}
