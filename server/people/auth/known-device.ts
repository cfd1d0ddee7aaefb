import { parseCookie, stringifySetCookie } from 'cookie'
import { isSealed, type SecretBox } from './secret-box'
import { generateToken } from './tokens'

/**
 * A browser that signed in to an account gets a sealed cookie naming that account. Wrong passwords
 * typed there count against the device, not the account, so a stranger who knows someone's e-mail
 * can exhaust the account's attempts without locking its owner out of their own browser.
 */
export const DEVICE_COOKIE = 'vupt_device'
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

type DeviceClaim = { email: string; device: string }

/** The device id when the cookie was sealed by us for this e-mail; null otherwise. */
export function knownDeviceFor(
  secrets: SecretBox,
  cookieHeader: string | undefined,
  email: string,
): string | null {
  const sealed = cookieHeader ? parseCookie(cookieHeader)[DEVICE_COOKIE] : undefined
  if (!sealed || !isSealed(sealed)) return null
  try {
    const claim = JSON.parse(secrets.open(sealed)) as Partial<DeviceClaim>
    return claim.email === email.trim().toLowerCase() && typeof claim.device === 'string'
      ? claim.device
      : null
  } catch {
    // Not ours, tampered with, or sealed with another key.
    return null
  }
}

export function serializeDeviceCookie(secrets: SecretBox, email: string, secure: boolean): string {
  const claim: DeviceClaim = { email: email.trim().toLowerCase(), device: generateToken() }
  return stringifySetCookie({
    name: DEVICE_COOKIE,
    value: secrets.seal(JSON.stringify(claim)),
    httpOnly: true,
    sameSite: 'lax',
    path: '/api',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
    secure,
  })
}
