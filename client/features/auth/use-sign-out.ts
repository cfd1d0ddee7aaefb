import { routes } from '@shared/routes'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { forgetViewer } from '@/features/auth/forget-viewer'
import { httpStatusOf } from '@/lib/errors'
import { toastError } from '@/lib/toast'
import { reconnectRealtime, trpc } from '@/lib/trpc'

/** Signs out, forgets everything cached for the user and goes home. */
export function useSignOut() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const signOut = trpc.auth.signOut.useMutation()
  return {
    isPending: signOut.isPending,
    signOut: async () => {
      try {
        // This browser stops receiving the account's pushes (the server drops them with the session too).
        await import('@/features/notifications/push-device').then((push) => push.forgetPushSubscription())
        await signOut.mutateAsync()
      } catch (error) {
        // An already-ended session is as good as signed out (spec: 401/403/404 ignored).
        const status = httpStatusOf(error)
        if (status !== 401 && status !== 403 && status !== 404) {
          toastError(error, 'Erro ao sair')
          return
        }
      }
      // The open WebSocket still speaks for the old session: reopen it as signed out.
      reconnectRealtime()
      forgetViewer(queryClient)
      navigate(`~${routes.home()}`)
    },
  }
}
