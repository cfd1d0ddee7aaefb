import { describe, expect, it } from 'vitest'
import { attendeesLabel, capacityLabel, isEventFull } from './event-labels'
import { parseEventsSearch, serializeEventsSearch } from './event-search-params'

describe('parseEventsSearch', () => {
  it("defaults to 'Próximos' without a search", () => {
    expect(parseEventsSearch('')).toEqual({ q: '', tab: 'proximos' })
  })

  it('reads the tab from `aba` and the search from `q`', () => {
    expect(parseEventsSearch('?aba=passados&q=%20show%20')).toEqual({ q: 'show', tab: 'passados' })
    expect(parseEventsSearch('aba=todos')).toEqual({ q: '', tab: 'todos' })
  })

  it('ignores an unknown tab and cuts an overlong search', () => {
    expect(parseEventsSearch('aba=futuros').tab).toBe('proximos')
    expect(parseEventsSearch(`q=${'a'.repeat(150)}`).q).toHaveLength(100)
  })
})

describe('serializeEventsSearch', () => {
  it('leaves defaults out and keeps unrelated parameters', () => {
    expect(serializeEventsSearch({ q: '', tab: 'proximos' })).toBe('')
    expect(serializeEventsSearch({ q: ' festa ', tab: 'todos' }, 'utm=x&q=old&aba=passados')).toBe(
      'utm=x&q=festa&aba=todos',
    )
  })

  it('round-trips', () => {
    const view = { q: 'café & prosa', tab: 'passados' } as const
    expect(parseEventsSearch(serializeEventsSearch(view))).toEqual(view)
  })
})

describe('event labels', () => {
  it('counts attendees and seats in Portuguese', () => {
    expect(attendeesLabel(0)).toBe('0 confirmados')
    expect(attendeesLabel(1)).toBe('1 confirmado')
    expect(attendeesLabel(12)).toBe('12 confirmados')
    expect(capacityLabel(null)).toBeNull()
    expect(capacityLabel(30)).toBe('Máximo de 30 participantes')
  })

  it('is full only when limited and every seat is taken', () => {
    expect(isEventFull({ maxParticipants: null, attendeesCount: 500 })).toBe(false)
    expect(isEventFull({ maxParticipants: 2, attendeesCount: 1 })).toBe(false)
    expect(isEventFull({ maxParticipants: 2, attendeesCount: 2 })).toBe(true)
  })
})
