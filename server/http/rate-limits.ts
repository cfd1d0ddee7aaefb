import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { appError } from '../trpc/init'

const MINUTE = 60

/** Per-IP and per-account limits (in memory: one instance; the Redis limiter of the same library when there are several). */
export function createRateLimits() {
  return {
    signInByIp: new RateLimiterMemory({ keyPrefix: 'signin-ip', points: 30, duration: 15 * MINUTE }),
    signInByAccount: new RateLimiterMemory({ keyPrefix: 'signin-account', points: 8, duration: 15 * MINUTE }),
    signUpByIp: new RateLimiterMemory({ keyPrefix: 'signup-ip', points: 10, duration: 60 * MINUTE }),
    mailByIp: new RateLimiterMemory({ keyPrefix: 'mail-ip', points: 10, duration: 15 * MINUTE }),
    mailByAccount: new RateLimiterMemory({ keyPrefix: 'mail-account', points: 3, duration: 15 * MINUTE }),
    chatSendByUser: new RateLimiterMemory({ keyPrefix: 'chat-send', points: 20, duration: 10 }),
  }
}
export type RateLimits = ReturnType<typeof createRateLimits>

export const RATE_LIMIT_MESSAGE = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.'

/** Spends one point on every limiter; the first one exhausted refuses the call. */
export async function consumeAll(entries: [RateLimiterMemory, string][]): Promise<void> {
  try {
    await Promise.all(entries.map(([limiter, key]) => limiter.consume(key)))
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      throw appError('TOO_MANY_REQUESTS', 'RATE_LIMITED', RATE_LIMIT_MESSAGE)
    }
    throw error
  }
}

/** A successful sign-in forgives the account's failed attempts. */
export async function resetKey(limiter: RateLimiterMemory, key: string): Promise<void> {
  await limiter.delete(key)
}
