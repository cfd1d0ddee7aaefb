import { describe, expect, it } from 'vitest'
import { dayKey, formatConversationTime, formatDayLabel } from './chat-format'

// Local-time dates: the labels are about the viewer's calendar.
const now = new Date(2025, 4, 20, 9, 30)

describe('chat dates', () => {
  it("labels a day 'Hoje', 'Ontem' or with its date", () => {
    expect(formatDayLabel(new Date(2025, 4, 20, 0, 1), now)).toBe('Hoje')
    expect(formatDayLabel(new Date(2025, 4, 19, 23, 59), now)).toBe('Ontem')
    expect(formatDayLabel(new Date(2025, 4, 18, 12, 0), now)).toBe('18/05/2025')
    expect(formatDayLabel(new Date(2024, 11, 31, 12, 0), new Date(2025, 0, 1, 0, 5))).toBe('Ontem')
  })

  it('times an inbox row by how long ago it was', () => {
    expect(formatConversationTime(new Date(2025, 4, 20, 7, 45), now)).toBe('07:45')
    expect(formatConversationTime(new Date(2025, 4, 19, 7, 45), now)).toBe('Ontem')
    expect(formatConversationTime(new Date(2025, 1, 3, 7, 45), now)).toBe('03/02')
    expect(formatConversationTime(new Date(2023, 1, 3, 7, 45), now)).toBe('03/02/23')
  })

  it('groups by calendar day', () => {
    expect(dayKey(new Date(2025, 4, 20, 0, 0))).toBe(dayKey(new Date(2025, 4, 20, 23, 59)))
    expect(dayKey(new Date(2025, 4, 20, 23, 59))).not.toBe(dayKey(new Date(2025, 4, 21, 0, 0)))
  })
})
