import { describe, expect, it } from 'vitest'
import { composeTitle } from '@/lib/use-page-title'
import {
  formatUnreadBadge,
  isChatPath,
  shouldAnnounceUnread,
  unreadMessagesText,
  withUnreadCount,
} from './unread'

describe('unread count', () => {
  it("shows up to 9 and '9+' above", () => {
    expect(formatUnreadBadge(1)).toBe('1')
    expect(formatUnreadBadge(9)).toBe('9')
    expect(formatUnreadBadge(10)).toBe('9+')
    expect(formatUnreadBadge(250)).toBe('9+')
  })

  it('says the count in words', () => {
    expect(unreadMessagesText(1)).toBe('1 mensagem não lida')
    expect(unreadMessagesText(3)).toBe('3 mensagens não lidas')
  })

  it('adds the count to a name only when there is one', () => {
    expect(withUnreadCount('Notificações', 0)).toBe('Notificações')
    expect(withUnreadCount('Notificações', 1)).toBe('Notificações, 1 não lida')
    expect(withUnreadCount('Mensagens', 4)).toBe('Mensagens, 4 não lidas')
  })

  it('puts the count in front of the page title', () => {
    expect(composeTitle('Portal', 0)).toBe('Portal · Vupt')
    expect(composeTitle('Portal', 3)).toBe('(3) Portal · Vupt')
    expect(composeTitle('Mensagens', 12)).toBe('(12) Mensagens · Vupt')
  })

  it("announces 'Nova mensagem!' only when the count rises away from /chat", () => {
    expect(shouldAnnounceUnread(undefined, 3, '/portal')).toBe(false)
    expect(shouldAnnounceUnread(0, 1, '/portal')).toBe(true)
    expect(shouldAnnounceUnread(2, 3, '/produto/4')).toBe(true)
    expect(shouldAnnounceUnread(3, 3, '/portal')).toBe(false)
    expect(shouldAnnounceUnread(3, 1, '/portal')).toBe(false)
    expect(shouldAnnounceUnread(0, 1, '/chat')).toBe(false)
    expect(shouldAnnounceUnread(0, 1, '/chat/12')).toBe(false)
  })

  it('recognises the chat pages, and only them', () => {
    expect(isChatPath('/chat')).toBe(true)
    expect(isChatPath('/chat/5')).toBe(true)
    expect(isChatPath('/chatbot')).toBe(false)
    expect(isChatPath('/')).toBe(false)
  })
})
