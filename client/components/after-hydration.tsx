import { type ReactNode, Suspense, useEffect, useState } from 'react'

/**
 * Renders lazy `children` once the page is interactive, and `fallback` (their look, without their
 * code) in the server's HTML and until they load: menus, dialogs and toasts stay out of the first
 * download without the page shifting when they arrive.
 */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback
}
