import { timingSafeEqual } from 'node:crypto'
import { decodeBase64, encodeBase32UpperCaseNoPadding, encodeBase64 } from '@oslojs/encoding'
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp'
import { renderSVG } from 'uqr'
import { generateToken, hashToken } from './tokens'

const PERIOD_SECONDS = 30
const DIGITS = 6
/** Codes of the previous and next 30-second step are accepted too: phone clocks drift. */
const DRIFT_STEPS = 1
export const RECOVERY_CODE_COUNT = 10

export function generateTotpKey(): string {
  const key = new Uint8Array(20)
  crypto.getRandomValues(key)
  return encodeBase64(key)
}

/** What the authenticator app needs: the otpauth URI as a QR code, and the secret for typing in. */
export function enrolmentDetails(keyBase64: string, email: string) {
  const key = decodeBase64(keyBase64)
  const uri = createTOTPKeyURI('Vupt', email, key, PERIOD_SECONDS, DIGITS)
  return { uri, qrSvg: renderSVG(uri), secret: encodeBase32UpperCaseNoPadding(key) }
}

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * The 30-second step the code belongs to, or null. A step at or before `lastStep` is refused, so a
 * code seen over someone's shoulder cannot be used again.
 */
export function matchTotpStep(
  keyBase64: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const key = decodeBase64(keyBase64)
  const current = Math.floor(now / 1000 / PERIOD_SECONDS)
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    if (lastStep !== null && step <= lastStep) continue
    if (sameCode(generateHOTP(key, BigInt(step), DIGITS), code)) return step
  }
  return null
}

/** The code an authenticator would show now (tests and the demo use it). */
export function currentTotpCode(keyBase64: string, now = Date.now()): string {
  return generateHOTP(decodeBase64(keyBase64), BigInt(Math.floor(now / 1000 / PERIOD_SECONDS)), DIGITS)
}

/** Ten codes like 'k3m9-x2qa-7hvd', shown once; only their hashes are kept. */
export function generateRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = generateToken().slice(0, 12)
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`
  })
  return { codes, hashes: codes.map(hashRecoveryCode) }
}

export function hashRecoveryCode(code: string): string {
  return hashToken(code.trim().toLowerCase().replace(/\s+/g, ''))
}
