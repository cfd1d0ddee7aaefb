import { EVENT_IN_PAST_MESSAGE } from '@shared/schemas/event'
import { describe, expect, it } from 'vitest'
import { eventFormSchemaFor } from './event-form-schema'

const SAO_PAULO = 'America/Sao_Paulo'
const now = () => new Date('2026-03-14T21:00:00.000Z') // 18:00 in São Paulo
const schema = eventFormSchemaFor(SAO_PAULO, now)

const valid = {
  title: 'Sarau de poesia',
  description: 'Uma noite de leituras abertas no pátio do bloco A.',
  eventDate: '2026-03-20',
  eventTime: '19:30',
  location: 'Pátio do bloco A',
  maxParticipants: '',
  imageUploadId: null,
}

const messages = (input: Record<string, unknown>) => {
  const result = schema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('eventFormSchemaFor', () => {
  it('gives the server its input: empty capacity is unlimited, typed capacity a number', () => {
    expect(schema.parse(valid).maxParticipants).toBeNull()
    expect(schema.parse({ ...valid, maxParticipants: ' 40 ' }).maxParticipants).toBe(40)
    expect(schema.parse({ ...valid, title: '  Sarau de poesia  ' }).title).toBe('Sarau de poesia')
  })

  it("answers a zero, negative, fractional or non-numeric capacity with 'Número deve ser positivo'", () => {
    for (const maxParticipants of ['0', '-3', '1.5', 'abc']) {
      expect(messages({ ...valid, maxParticipants })).toEqual(['maxParticipants: Número deve ser positivo'])
    }
  })

  it('uses the shared messages, in the order of the form', () => {
    const found = messages({
      ...valid,
      title: 'Oi',
      description: 'curta',
      eventDate: '',
      eventTime: '7h',
      location: 'Ali',
    })
    // The shared schema reports an empty date twice (required and format), with the same text.
    expect([...new Set(found)]).toEqual([
      'title: Título deve ter no mínimo 5 caracteres',
      'description: Descrição deve ter no mínimo 20 caracteres',
      'eventDate: Data é obrigatória',
      'eventTime: Formato de hora inválido (HH:MM)',
      'location: Local deve ter no mínimo 5 caracteres',
    ])
  })

  it("refuses a start that is not ahead on the community's clock", () => {
    expect(messages({ ...valid, eventDate: '2026-03-13' })).toEqual([`eventDate: ${EVENT_IN_PAST_MESSAGE}`])
    expect(messages({ ...valid, eventDate: '2026-03-14', eventTime: '18:00' })).toEqual([
      `eventTime: ${EVENT_IN_PAST_MESSAGE}`,
    ])
    expect(messages({ ...valid, eventDate: '2026-03-14', eventTime: '18:01' })).toEqual([])
  })
})
