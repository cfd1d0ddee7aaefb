import { VLIBRAS_APP_URL, VLIBRAS_SCRIPT_URL } from '@shared/libras'
import { createElement, useEffect, useState } from 'react'
import { librasChosen, syncLibrasCookie } from './libras-preference'

type VLibrasGlobal = { VLibras?: { Widget: new (appUrl: string) => unknown } }

let loading: Promise<void> | null = null

/** Adds the widget's script once; it defines `window.VLibras`. */
function loadScript(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = VLIBRAS_SCRIPT_URL
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => reject(new Error('VLibras indisponível'))
    document.head.append(script)
  })
  return loading
}

/**
 * The VLibras widget, only for a browser that turned it on (footer, 'Acessibilidade em Libras').
 * Until then nothing is requested from outside Vupt.
 */
export function LibrasWidget() {
  // Read once mounted: the server render has no storage, and hydration must match it.
  const [enabled, setEnabled] = useState(false)

  useEffect(() => {
    // In a task of its own: the first read of the storage is slow on a phone, and the effects of a
    // freshly hydrated page all run in one task.
    const timer = setTimeout(() => {
      if (syncLibrasCookie()) {
        location.reload()
        return
      }
      if (!librasChosen()) return
      setEnabled(true)
      loadScript()
        .then(() => {
          const VLibras = (window as VLibrasGlobal).VLibras
          if (!VLibras) return
          new VLibras.Widget(VLIBRAS_APP_URL)
          // The widget starts on the window's load event, long gone in a page that loads it later.
          if (document.readyState === 'complete') window.dispatchEvent(new Event('load'))
        })
        .catch(() => {
          // Offline or blocked: the page works without it, and the footer still offers the setting.
        })
    }, 0)
    return () => clearTimeout(timer)
  }, [])

  if (!enabled) return null
  // The markup the widget looks for (attributes `vw`, `vw-access-button`, `vw-plugin-wrapper`).
  return createElement(
    'div',
    { vw: '', className: 'enabled' },
    createElement('div', { 'vw-access-button': '', className: 'active' }),
    createElement(
      'div',
      { 'vw-plugin-wrapper': '' },
      createElement('div', { className: 'vw-plugin-top-wrapper' }),
    ),
  )
}
