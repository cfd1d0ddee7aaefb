import { routes } from '@shared/routes'
import { useLocation } from 'wouter'
import { keepReturnFragment } from './return-fragment'
import { currentPath } from './return-path'

/** Sends a signed-out visitor to the sign-in page, remembering where they wanted to go. */
export function useSignInRedirect() {
  const [, navigate] = useLocation()
  return (target: string = currentPath(), options: { replace?: boolean } = {}) => {
    if (target === currentPath()) keepReturnFragment(target)
    navigate(routes.auth({ from: target }), {
      replace: options.replace,
      state: { from: target },
    })
  }
}
