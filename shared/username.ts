import { USERNAME_MAX, USERNAME_MIN } from './limits'

/** What a username may hold (the sign-up schema's rule). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/

/** Whether a handle, as written ('@ana_lima' or 'ana_lima'), could be a username: no zod needed. */
export function isUsername(value: string): boolean {
  const handle = value.trim().replace(/^@/, '')
  return handle.length >= USERNAME_MIN && handle.length <= USERNAME_MAX && USERNAME_PATTERN.test(handle)
}
