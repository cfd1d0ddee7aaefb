import { routes } from '@shared/routes'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { forgetViewer } from '@/features/auth/forget-viewer'
import { reconnectRealtime } from '@/lib/trpc'

/**
 * The client half of signing out, for when the server has already ended the session (all devices,
 * deleted account): forget the user and go home, as useSignOut does after its call.
 */
export function useLocalSignOut() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return () => {
    // Home first: a signed-in-only page left on screen would send the now signed-out viewer to /auth.
    navigate(`~${routes.home()}`)
    // The open WebSocket still speaks for the ended session: reopen it as signed out.
    reconnectRealtime()
    forgetViewer(queryClient)
  }
}
