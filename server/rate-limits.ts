import type { Redis } from 'ioredis'
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible'
import { appError } from './errors'

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * The limits, sized for a campus: a whole class signs up or signs in from one lab or Wi-Fi behind a
 * single public address, so per-address limits are generous and the tight ones sit on the e-mail,
 * the account or the device. In memory for one instance; with `redis`, kept there and shared by every
 * instance, each with an in-memory stand-in that counts for this instance while Redis is away.
 */
export function createRateLimits(redis?: Redis) {
  const limiter = (options: IRateLimiterOptions & { keyPrefix: string }): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({
          ...options,
          keyPrefix: `vupt:rl:${options.keyPrefix}`,
          storeClient: redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options)
  return {
    /** A hundred students of one lab within an hour pass; a script filling the table does not. */
    signUpByIp: limiter({ keyPrefix: 'signup-ip', points: 150, duration: HOUR }),
    /** A room signing up together at the start of a class, not a loop. */
    signUpBurstByIp: limiter({ keyPrefix: 'signup-burst', points: 40, duration: MINUTE }),
    signUpByEmail: limiter({ keyPrefix: 'signup-email', points: 5, duration: HOUR }),
    /** Every password attempt from an address, right or wrong. */
    signInByIp: limiter({ keyPrefix: 'signin-ip', points: 600, duration: 15 * MINUTE }),
    /** Attempts on one account from browsers it has never signed in on; forgiven by a success. */
    signInByAccount: limiter({
      keyPrefix: 'signin-account',
      points: 10,
      duration: 15 * MINUTE,
    }),
    /**
     * Attempts on one account from a browser that signed in to it before (its device cookie): a
     * stranger who knows the e-mail exhausts the limit above, never this one.
     */
    signInByDevice: limiter({ keyPrefix: 'signin-device', points: 10, duration: 15 * MINUTE }),
    /** Wrong passwords from one address: shut for longer each time it runs out (see consumeEscalating). */
    signInFailuresByIp: limiter({ keyPrefix: 'signin-fail-ip', points: 100, duration: HOUR }),
    signInStrikesByIp: limiter({ keyPrefix: 'signin-strike-ip', points: 1_000, duration: DAY }),
    /** Second-factor codes (sign-in step, turning two-factor off); forgiven by a good code. */
    twoFactorByUser: limiter({ keyPrefix: '2fa-user', points: 8, duration: 15 * MINUTE }),
    /**
     * Passkey sign-in challenges asked for from an address: each open sign-in page asks for one, and
     * again every few minutes while it waits.
     */
    passkeyChallengesByIp: limiter({ keyPrefix: 'passkey-challenge-ip', points: 600, duration: 15 * MINUTE }),
    /** Passkey registrations started by one member: a few devices, a few cancelled prompts. */
    passkeyRegistrationsByUser: limiter({ keyPrefix: 'passkey-register-user', points: 20, duration: HOUR }),
    /** Password confirmations of a signed-in member; forgiven by a right one. */
    reauthByUser: limiter({ keyPrefix: 'reauth-user', points: 8, duration: 15 * MINUTE }),
    mailByIp: limiter({ keyPrefix: 'mail-ip', points: 60, duration: 15 * MINUTE }),
    mailByAccount: limiter({ keyPrefix: 'mail-account', points: 3, duration: 15 * MINUTE }),
    /**
     * Links from e-mails checked for one address (confirmation, password reset, new e-mail,
     * unsubscribe), valid or not: a lab opening its mail together passes, a loop guessing tokens does not.
     */
    linkTokensByIp: limiter({ keyPrefix: 'link-token-ip', points: 100, duration: 15 * MINUTE }),
    /** Reports of one member: a handful an hour is plenty for honest use, and floods the queue otherwise. */
    reportsByUser: limiter({ keyPrefix: 'reports-user', points: 10, duration: HOUR }),
    /**
     * Listings published by one member: a student emptying a room before moving out posts a few dozen;
     * more in a day is a flood of the portal.
     */
    listingsByUser: limiter({ keyPrefix: 'listings-user', points: 30, duration: DAY }),
    /**
     * Edits of one member's listings: fixing typos and trying prices on a few dozen listings fits in an
     * hour; a loop of edits (each price drop tells the favoriters) does not.
     */
    listingEditsByUser: limiter({ keyPrefix: 'listing-edits-user', points: 60, duration: HOUR }),
    /** Procura-se posts of one member: a few a day is what someone looking for things needs. */
    wantedByUser: limiter({ keyPrefix: 'wanted-user', points: 10, duration: DAY }),
    chatSendByUser: limiter({ keyPrefix: 'chat-send', points: 20, duration: 10 }),
    /**
     * Pushes to one member's devices: a busy negotiation sends a few a minute; past this the lock screen
     * would be noise, and the rest waits in the bell and the inbox.
     */
    pushByUser: limiter({ keyPrefix: 'push-user', points: 12, duration: MINUTE }),
    /** Devices turned on (or again) by one member: a few browsers, a few retries. */
    pushDevicesByUser: limiter({ keyPrefix: 'push-devices-user', points: 20, duration: HOUR }),
    /** The composer announces typing every few seconds at most; more is a script. */
    chatTypingByUser: limiter({ keyPrefix: 'chat-typing', points: 20, duration: 10 }),
    /**
     * Ticket codes that match nothing at a checker's door: a few typos an evening are honest, a run of
     * them is someone searching for valid codes.
     */
    ticketGuessesByUser: limiter({ keyPrefix: 'ticket-guess-user', points: 20, duration: 10 * MINUTE }),
    /**
     * Offers and counters in one conversation, both sides together: haggling takes a handful an hour; more
     * is someone flooding the other person with prices (and notifications).
     */
    offersByConversation: limiter({ keyPrefix: 'offers-conversation', points: 10, duration: HOUR }),
    /** Meeting proposals in one conversation, both sides together: each one notifies the other person. */
    meetingProposalsByConversation: limiter({
      keyPrefix: 'meetings-conversation',
      points: 10,
      duration: HOUR,
    }),
    /**
     * Wrong hand-off codes typed for one meeting: someone fumbling types a few; 32⁶ codes are not searched
     * through ten an hour.
     */
    handoffGuessesByMeeting: limiter({ keyPrefix: 'handoff-guess-meeting', points: 10, duration: HOUR }),
    /** Wrong hand-off codes typed by one buyer, over all their meetings. */
    handoffGuessesByUser: limiter({ keyPrefix: 'handoff-guess-user', points: 20, duration: HOUR }),
    /** Photos sent by one member: a few listings' worth in ten minutes. */
    uploadsByUser: limiter({ keyPrefix: 'uploads', points: 60, duration: 10 * MINUTE }),
  }
}
export type RateLimits = ReturnType<typeof createRateLimits>

export const RATE_LIMIT_MESSAGE = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.'

/** A limiter and the key a call spends on. */
export type LimiterKey = [RateLimiterAbstract, string]

const rateLimited = () => appError('RATE_LIMITED', RATE_LIMIT_MESSAGE)

/** Spends one point on every limiter; the first one exhausted refuses the call (with `refusal`, if given). */
export async function consumeAll(entries: LimiterKey[], refusal: () => Error = rateLimited): Promise<void> {
  try {
    await Promise.all(entries.map(([limiter, key]) => limiter.consume(key)))
  } catch (error) {
    if (error instanceof RateLimiterRes) throw refusal()
    throw error
  }
}

/**
 * Gives back the point `consumeAll` spent on each limiter. A guess limit spends its point before the
 * answer is compared, so that calls sent at once cannot compare more answers than the limit allows, and
 * a right answer gets its point back.
 */
export async function refundAll(entries: LimiterKey[]): Promise<void> {
  await Promise.all(entries.map(([limiter, key]) => limiter.reward(key, 1)))
}

/** A success forgives the key's earlier attempts. */
export async function resetKey(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await limiter.delete(key)
}

/** A refused key stays shut for this long the first time it runs out, then twice as long each time. */
export const ESCALATION_BASE_SECONDS = 15 * MINUTE

/**
 * Spends a point on `limiter`; when that exhausts it, the key is blocked for
 * ESCALATION_BASE_SECONDS × 2^(n−1), n being how often it ran out within `strikes`' window (a day),
 * capped at a day. Refuses the call while blocked.
 */
export async function consumeEscalating(
  limiter: RateLimiterAbstract,
  strikes: RateLimiterAbstract,
  key: string,
): Promise<void> {
  try {
    await limiter.consume(key)
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error
    // Only the attempt that crossed the line escalates; later ones hit the block already in place.
    if (error.consumedPoints === limiter.points + 1) {
      const strike = await strikes.penalty(key, 1)
      const seconds = Math.min(ESCALATION_BASE_SECONDS * 2 ** (strike.consumedPoints - 1), DAY)
      await limiter.block(key, seconds)
    }
    throw rateLimited()
  }
}

/**
 * Refuses when the key already ran out (a block in place), without spending a point. Calls sent at once
 * all read the same count, so a limit on guesses spends first (consumeAll, then refundAll).
 */
export async function assertNotBlocked(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const state = await limiter.get(key)
  if (state && state.consumedPoints > limiter.points && state.msBeforeNext > 0) throw rateLimited()
}
