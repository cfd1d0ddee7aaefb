import { routes } from '@shared/routes'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { toast } from '@/lib/toast'

/** Long enough to read the message, short enough to feel like a redirect. */
const NOT_FOUND_REDIRECT_MS = 2000

/** Once `notFound` holds, says so in a toast and soon takes the visitor to the community's home page. */
export function useNotFoundRedirect(notFound: boolean, message: string, toastId: string) {
  const [, navigate] = useLocation()
  useEffect(() => {
    if (!notFound) return
    toast.error(message, { id: toastId })
    const timer = window.setTimeout(
      () => navigate(`~${routes.home()}`, { replace: true }),
      NOT_FOUND_REDIRECT_MS,
    )
    return () => window.clearTimeout(timer)
  }, [notFound, message, toastId, navigate])
}
