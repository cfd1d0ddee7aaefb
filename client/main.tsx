import './styles.css'
import { SSR_STATE_ELEMENT_ID, type SsrState } from '@shared/ssr'
import { type DehydratedState, hydrate } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { preloadLazyPages } from '@/lib/lazy-page'
import { createQueryClient, createTrpcClient } from '@/lib/trpc'
import { Root } from './root'

function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ELEMENT_ID)
  return element?.textContent ? (JSON.parse(element.textContent) as SsrState) : null
}

/** After the browser's next frame, so the server's HTML is on screen before hydration takes the thread. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

async function start(container: HTMLElement) {
  const queryClient = createQueryClient()
  const app = (
    <StrictMode>
      <Root queryClient={queryClient} trpcClient={createTrpcClient()} />
    </StrictMode>
  )
  const state = readSsrState()
  if (!state) {
    createRoot(container).render(app)
    return
  }
  // The server's answers and pages first, so the first render is the server's HTML, not spinners.
  hydrate(queryClient, state.queries as DehydratedState)
  await preloadLazyPages(state.lazy)
  // The code is asked for with the HTML and may be ready before the first paint: the paint comes first.
  // A tab out of sight draws no frames, and has nothing to paint first.
  if (document.visibilityState === 'visible') await nextFrame()
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a tap during it is answered, and no long task blocks the phone.
  startTransition(() => {
    hydrateRoot(container, app)
  })
}

const container = document.getElementById('root')
if (container) void start(container)

// Installable, and a repeat visit paints from the cached build files (client/public/sw.js).
// After the page's load event, so the worker's downloads do not share the network with the page's
// (checked, as the event may already have passed by the time this code runs).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the site works as before; nothing to tell the student.
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register)
}
