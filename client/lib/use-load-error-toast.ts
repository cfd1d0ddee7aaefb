import { useEffect } from 'react'
import { toastError } from '@/lib/toast'

/**
 * Toasts a failed load (spec: errors are toasts). The stable id keeps one toast on screen however often
 * the load fails again; a new error object, from a retry that failed, shows it anew.
 */
export function useLoadErrorToast(error: unknown, title: string, toastId: string) {
  useEffect(() => {
    if (!error) return
    toastError(error, title, { id: toastId })
  }, [error, title, toastId])
}
