import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { createStudent } from '../../server/db/factories'
import { events } from '../../server/db/schema'
import { toFtsQuery } from '../../server/listings/search-text'
import { bannerInputSchema, removeListingSchema, subcategoryInputSchema } from '../../shared/schemas/admin'
import { completeProfileSchema, signUpSchema } from '../../shared/schemas/auth'
import { sendMessageSchema, startConversationSchema } from '../../shared/schemas/chat'
import { eventInputSchema, rejectEventSchema } from '../../shared/schemas/event'
import { listingFiltersSchema, listingInputSchema } from '../../shared/schemas/listing'
import { profileUpdateSchema } from '../../shared/schemas/profile'
import { dayFromNow } from '../support/dates'
import { createApprovedEvent } from '../support/events'
import { callTrpc, sessionCookieFor, setUpHttpApp } from '../support/http'
import { schemaValidListing } from '../support/listings'
import { setUpTestWorld } from '../support/test-app'

/** Every C0 control character but the line feed, and DEL. */
const CONTROLS = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code))
  .filter((char) => char !== '\n')
  .concat('\u007f')
  .join('')
const ANY_CONTROL = /\p{Cc}/u
const CONTROL_BUT_LF = /[^\P{Cc}\n]/u

const listing = schemaValidListing
const event = {
  title: 'Hackathon de Inovação',
  description: 'Vinte e quatro horas de programação e mentoria.',
  eventDate: '2030-05-10',
  eventTime: '19:30',
  location: 'Bloco A, laboratório 3',
  maxParticipants: null,
  imageUploadId: null,
}
const banner = {
  title: 'Feira de livros',
  description: 'Descrição do banner',
  imageUrl: '/uploads/banner.webp',
  linkUrl: 'https://vupt.app/feira',
  placement: 'hero_banner',
  active: true,
  displayOrder: 1,
}
const signUp = {
  email: 'aluno@univille.br',
  username: 'aluno_1',
  fullName: 'Estudante de Teste',
  course: 'Engenharia de Software',
  matricula: '20240001',
  password: 'senha-de-teste-123',
  communitySlug: 'univille',
}
const profile = {
  username: 'aluno_1',
  fullName: 'Estudante de Teste',
  bio: 'Oi',
  university: 'Univille',
  course: 'Direito',
}

/** A field, and what its value must start with to pass the field's other rules. */
type Case = [label: string, schema: z.ZodType, base: Record<string, unknown>, field: string, prefix?: string]

/** One line: a title, a name, a search. */
const SINGLE_LINE: Case[] = [
  ['listing title', listingInputSchema, listing, 'title'],
  ['listing search', listingFiltersSchema, {}, 'q'],
  ['event title', eventInputSchema, event, 'title'],
  ['event location', eventInputSchema, event, 'location'],
  ['banner title', bannerInputSchema, banner, 'title'],
  ['banner image URL', bannerInputSchema, banner, 'imageUrl', '/'],
  ['banner link', bannerInputSchema, banner, 'linkUrl', 'https://'],
  [
    'subcategory name',
    subcategoryInputSchema,
    { name: 'Livros', mainCategoryId: 1, description: null, icon: null },
    'name',
  ],
  ['sign-up full name', signUpSchema, signUp, 'fullName'],
  ['sign-up course', signUpSchema, signUp, 'course'],
  ['sign-up matrícula', signUpSchema, signUp, 'matricula'],
  [
    'profile completion university',
    completeProfileSchema,
    { username: 'aluno_1', university: 'Univille', course: 'Direito' },
    'university',
  ],
  ['profile full name', profileUpdateSchema, profile, 'fullName'],
  ['profile university', profileUpdateSchema, profile, 'university'],
  ['profile course', profileUpdateSchema, profile, 'course'],
  ['conversation username', startConversationSchema, {}, 'username'],
]

/** Several lines: descriptions, messages, bios, reasons. */
const MULTI_LINE: Case[] = [
  ['listing description', listingInputSchema, listing, 'description'],
  ['event description', eventInputSchema, event, 'description'],
  ['event rejection reason', rejectEventSchema, { id: 1 }, 'reason'],
  ['listing removal details', removeListingSchema, { id: 1, reason: 'other' }, 'details'],
  ['banner description', bannerInputSchema, banner, 'description'],
  [
    'subcategory description',
    subcategoryInputSchema,
    { name: 'Livros', mainCategoryId: 1, icon: null },
    'description',
  ],
  ['chat message', sendMessageSchema, { conversationId: 1 }, 'content'],
  ['profile bio', profileUpdateSchema, profile, 'bio'],
]

function parsedField([, schema, base, field, prefix = '']: Case, value: string): unknown {
  const result = schema.safeParse({ ...base, [field]: `${prefix}${value}` })
  if (!result.success) throw new Error(result.error.issues[0]?.message)
  return (result.data as Record<string, unknown>)[field]
}

describe('free-text fields drop C0 control characters', () => {
  it.each(SINGLE_LINE)('%s: one line, no control character left', (...testCase) => {
    // Letters and spaces only, to pass each field's own rules.
    const prefix = testCase[4] ?? ''
    expect(parsedField(testCase, 'Ana\u0000\u0007\u001b\u007f Maria\tSilva\r\n')).toBe(
      `${prefix}Ana Maria Silva`,
    )
    expect(parsedField(testCase, `Ana ${CONTROLS} Maria`)).not.toMatch(ANY_CONTROL)
  })

  it.each(MULTI_LINE)('%s: line breaks kept as LF, CR and other controls gone', (...testCase) => {
    const value = parsedField(testCase, 'Linha um\r\nLinha dois\rLinha três\u0000\u0007\u001b\u007f\nfim')
    expect(value).toBe('Linha um\nLinha dois\nLinha três\nfim')
    expect(parsedField(testCase, `Linha um, longa o bastante ${CONTROLS} fim`)).not.toMatch(CONTROL_BUT_LF)
  })

  it('a field of nothing but control characters counts as empty', () => {
    const result = listingInputSchema.safeParse({ ...listing, title: `\u0000\u0001\u0002${CONTROLS}` })
    expect(result.error?.issues[0]?.message).toBe('Título deve ter no mínimo 3 caracteres')
  })
})

const world = setUpTestWorld({ scope: 'file' })
const http = setUpHttpApp(world)
let memberCookie: string

beforeAll(async () => {
  memberCookie = sessionCookieFor(world.services, (await createStudent(world.db, { member: true })).id)
})

describe('searches with control characters', () => {
  it('builds a full-text query without them, whatever the caller passes', () => {
    expect(toFtsQuery('abc\u0000 "def\u001f')).toBe('"abc" "def"')
  })

  it.each([
    ['listings.list', { q: 'abc\u0000' }],
    ['listings.list', { q: '"abc\u0000def"\u001f' }],
    ['events.list', { q: 'abc\u0000' }],
  ])('%s %j answers 200', async (path, input) => {
    const reply = await callTrpc(http.app.url, path, 'query', input, memberCookie)
    expect(reply.text).not.toMatch(/unterminated|sqlite/i)
    expect(reply.status).toBe(200)
  })
})

describe('the .ics file', () => {
  async function calendar(id: number) {
    const response = await fetch(`${http.app.url}/api/eventos/${id}/calendario.ics`)
    expect(response.status).toBe(200)
    return response.text()
  }

  /** Lines end in CRLF (a long one continues after CRLF and a tab); no CR alone, no other control character. */
  function expectCleanIcs(ics: string) {
    expect(ics).toContain('BEGIN:VEVENT')
    const withoutLineEnds = ics.replaceAll('\r\n\t', '').replaceAll('\r\n', '')
    expect(withoutLineEnds).not.toMatch(ANY_CONTROL)
    expect(ics).not.toMatch(/^ATTENDEE|^X-INJETADO/m)
  }

  it('keeps a lone CR typed in the form out of the event and of the file', async () => {
    const id = await createApprovedEvent(world, {
      title: 'Palestra\rX-INJETADO:sim',
      description: 'Descrição longa o bastante\rATTENDEE:mailto:alguem@exemplo.com',
      location: 'Bloco A\r\nsala 3\u0000',
    })
    const row = world.db.select().from(events).where(eq(events.id, id)).get()
    expect([row?.title, row?.location]).toEqual(['Palestra X-INJETADO:sim', 'Bloco A sala 3'])
    expect(row?.description).toBe('Descrição longa o bastante\nATTENDEE:mailto:alguem@exemplo.com')
    expectCleanIcs(await calendar(id))
  })

  it('cleans text stored before the rule existed when writing the file', async () => {
    const id = await createApprovedEvent(world, { eventDate: dayFromNow(11) })
    world.db
      .update(events)
      .set({
        title: 'Antigo\rX-INJETADO:sim',
        description: `Texto antigo\r\nlinha dois\rATTENDEE:mailto:alguem@exemplo.com${CONTROLS}`,
        location: 'Sala\u0000\u001b[31m 4',
      })
      .where(eq(events.id, id))
      .run()
    expectCleanIcs(await calendar(id))
  })
})
