import { routes } from '@shared/routes'
import { useLocation } from 'wouter'
import { currentPath } from './return-path'

/** Sends a signed-out visitor to the sign-in page, remembering where they wanted to go. */
export function useSignInRedirect() {
  const [, navigate] = useLocation()
  return (target: string = currentPath(), options: { replace?: boolean } = {}) => {
    navigate(routes.auth({ from: target }), {
      replace: options.replace,
      // The link's fragment (a hand-off code) stays in the tab, for the sign-in page to keep.
      state: { from: target, fragment: target === currentPath() ? window.location.hash : undefined },
    })
  }
}
