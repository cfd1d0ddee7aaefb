import { describe, expect, it } from 'vitest'
import { meetingSpotInputSchema, weekdaysText } from './meeting-spots'

describe('meeting spot days and hours', () => {
  it('names runs of days as a range and scattered days one by one', () => {
    expect(weekdaysText(31)).toBe('Seg a Sex')
    expect(weekdaysText(63)).toBe('Seg a Sáb')
    expect(weekdaysText(127)).toBe('Todos os dias')
    expect(weekdaysText(62)).toBe('Ter a Sáb')
    expect(weekdaysText(5)).toBe('Seg, Qua')
    expect(weekdaysText(96)).toBe('Sáb, Dom')
    expect(weekdaysText(64)).toBe('Dom')
  })

  it('takes HH:MM hours in order and at least one day', () => {
    const spot = {
      name: 'Ginásio',
      description: 'Porta do ginásio',
      opensAt: '08:00',
      closesAt: '18:00',
      weekdays: 1,
    }
    expect(meetingSpotInputSchema.safeParse(spot).success).toBe(true)
    expect(meetingSpotInputSchema.safeParse({ ...spot, opensAt: '8:00' }).success).toBe(false)
    expect(meetingSpotInputSchema.safeParse({ ...spot, closesAt: '08:00' }).success).toBe(false)
    expect(meetingSpotInputSchema.safeParse({ ...spot, weekdays: 128 }).success).toBe(false)
  })
})
