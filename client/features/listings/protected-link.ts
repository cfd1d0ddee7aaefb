import { routes } from '@shared/routes'
import { useRouter } from 'wouter'
import { useViewer } from '@/lib/auth'

/**
 * The path as the browser sees it (with the /{community} base), which is what /auth expects as its
 * return target: it navigates back with `~`, outside the base.
 */
export function useAbsolutePath(): (path: string) => string {
  const { base } = useRouter()
  return (path) => `${base}${path}`
}

export type LinkTarget = { href: string; state?: { from: string } }

/**
 * Props for a `<Link>` to a page that needs an account: the page itself for members, /auth with the
 * page as return target for visitors (spec: they come back to where they meant to go).
 */
export function useProtectedLink(): (path: string) => LinkTarget {
  const { viewer } = useViewer()
  const absolute = useAbsolutePath()
  return (path) => {
    if (viewer) return { href: path }
    const from = absolute(path)
    return { href: routes.auth({ from }), state: { from } }
  }
}
