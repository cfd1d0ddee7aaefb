import { useEffect } from 'react'

export const APP_NAME = 'Vupt'

/** `(3) Mensagens · Vupt`: the unread count leads, so it stays visible in a narrow tab. */
export function composeTitle(title: string, unread: number): string {
  return `${unread > 0 ? `(${unread}) ` : ''}${title} · ${APP_NAME}`
}

const UNREAD_PREFIX = /^\(\d+\) /

// The page's title and the unread count change independently (different components own them), so
// both live here and every change rewrites the tab title from the two.
let pageTitle: string | null = null
let unreadCount = 0

function apply() {
  document.title =
    pageTitle === null
      ? `${unreadCount > 0 ? `(${unreadCount}) ` : ''}${document.title.replace(UNREAD_PREFIX, '')}`
      : composeTitle(pageTitle, unreadCount)
}

/** Sets the tab title to `${title} · Vupt` while the page is shown (with the unread count in front). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    pageTitle = title
    apply()
  }, [title])
}

/** The unread messages shown in front of every title; 0 removes the prefix. */
export function setTitleUnreadCount(count: number): void {
  if (count === unreadCount) return
  unreadCount = count
  apply()
}
