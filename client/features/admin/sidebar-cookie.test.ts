import { describe, expect, it } from 'vitest'
import { readSidebarCookie, SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_COOKIE_NAME } from '@/components/ui/sidebar'

describe('the sidebar cookie', () => {
  it('is sidebar_state, kept for 7 days', () => {
    expect(SIDEBAR_COOKIE_NAME).toBe('sidebar_state')
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(7 * 24 * 60 * 60)
  })

  it('reads the saved open state among other cookies', () => {
    expect(readSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false)
    expect(readSidebarCookie('sidebar_state=true')).toBe(true)
  })

  it('is null when never saved or unreadable', () => {
    expect(readSidebarCookie('')).toBeNull()
    expect(readSidebarCookie('sidebar_state=maybe')).toBeNull()
    expect(readSidebarCookie('old_sidebar_state=true')).toBeNull()
  })
})
