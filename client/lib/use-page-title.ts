import type { PageMeta, PagePreview } from '@shared/ssr'
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

/** What a server render knows of its page; the page's title is written here as the page renders. */
export type PageMetaRecord = { meta: PageMeta | null }

let renderRecord: (() => PageMetaRecord | undefined) | undefined

/** On the server: where each request's render writes down its page's title and link preview. */
export function recordPageMetaIn(source: () => PageMetaRecord | undefined): void {
  renderRecord = source
}

/**
 * Sets the tab title to `${title} · Vupt` while the page is shown (with the unread count in front).
 * Rendered on the server, it also gives the page's head its title and link preview (`preview` where
 * the preview should say more than the title).
 */
export function usePageTitle(title: string, preview?: PagePreview): void {
  const record = renderRecord?.()
  // The preview's title is the page's own: the site's name goes beside it (og:site_name).
  if (record) record.meta = { title: composeTitle(title, 0), preview: { title, ...preview } }
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
