import { describe, expect, it } from 'vitest'
import { EMAIL_KIND_OF_PUSH, PUSH_KINDS } from './push'

describe('EMAIL_KIND_OF_PUSH', () => {
  it.each([
    ['chat_message', 'chat_digest'],
    ['account', 'account_approved'],
    ['offer_received', 'offer_received'],
    ['event_waitlist', 'event_waitlist'],
    ['listing_removed', 'listing_removed'],
    ['listing_reaction', undefined],
    ['event_rsvp', undefined],
  ] as const)('puts the push row %s beside the e-mail %s', (push, email) => {
    expect(EMAIL_KIND_OF_PUSH[push]).toBe(email)
  })

  it('names only push rows', () => {
    expect(
      Object.keys(EMAIL_KIND_OF_PUSH).every((kind) => (PUSH_KINDS as readonly string[]).includes(kind)),
    ).toBe(true)
  })
})
