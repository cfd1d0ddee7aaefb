import { useEffect } from 'react'

export const APP_NAME = 'Vupt'

/** Sets the tab title to `${title} · Vupt` while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`
  }, [title])
}
