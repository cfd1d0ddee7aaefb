import { useEffect } from 'react'
import type { toast as sonnerToast } from 'sonner'

type Sonner = typeof sonnerToast

let markReady: () => void = () => {}
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve
})

/** Called by the Toaster once it listens: a toast published before that would be lost. */
export function toasterListening(): void {
  markReady()
}

let loaded: Sonner | undefined
let loading: Promise<Sonner> | undefined
function sonner(): Promise<Sonner> {
  loading ??= Promise.all([import('sonner'), toasterReady]).then(([module]) => {
    loaded = module.toast
    return loaded
  })
  return loading
}

let toasterWanted = false
const toasterWatchers = new Set<() => void>()

/** For the root, which mounts the Toaster (and so fetches sonner) once the first toast is asked for. */
export function watchToasterWanted(watcher: () => void): () => void {
  toasterWatchers.add(watcher)
  return () => toasterWatchers.delete(watcher)
}

export const isToasterWanted = () => toasterWanted

function show(call: (toast: Sonner) => void): void {
  if (loaded) {
    call(loaded)
    return
  }
  if (!toasterWanted) {
    toasterWanted = true
    for (const watcher of toasterWatchers) watcher()
  }
  void sonner().then(call)
}

/**
 * sonner's `toast`, loaded on first use: no first screen shows a toast, so the library and its
 * Toaster are fetched only when the first toast is asked for.
 */
export const toast = Object.assign((...args: Parameters<Sonner>) => show((t) => t(...args)), {
  success: (...args: Parameters<Sonner['success']>) => show((t) => t.success(...args)),
  error: (...args: Parameters<Sonner['error']>) => show((t) => t.error(...args)),
})

/**
 * The spec's words for an unexpected failure of signing up, signing in or completing the profile (here,
 * not in errors.ts, so those forms do not bring the error catalogue to their first screen).
 */
export const TRY_LATER_DESCRIPTION = 'Tente novamente mais tarde.'

/**
 * The error toast of a failed call, as describeError (errors.ts) words it; `id` replaces an earlier toast
 * with the same id. The error catalogue loads with the toast library, on first use, not on the first
 * screen. Resolves once the toast is published (for tests).
 */
export function toastError(
  error: unknown,
  fallbackTitle?: string,
  options?: { id?: string; failure?: string },
): Promise<void> {
  return import('./errors').then(({ describeError }) => {
    const { title, description } = describeError(error, fallbackTitle, { failure: options?.failure })
    toast.error(title, options?.id ? { id: options.id, description } : { description })
  })
}

/**
 * Toasts a failed load (spec: errors are toasts), once for each error the query reports. With `toastId`
 * one toast stays on screen however often the load fails again; a new error object, from a retry that
 * failed, shows it anew.
 */
export function useLoadErrorToast(error: unknown, title: string, toastId?: string): void {
  useEffect(() => {
    if (!error) return
    void toastError(error, title, toastId ? { id: toastId } : undefined)
  }, [error, title, toastId])
}
