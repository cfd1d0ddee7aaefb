import { routes } from '@shared/routes'
import { MenuIcon } from 'lucide-react'
import { type ComponentProps, lazy, Suspense, useState } from 'react'
import { Link, useLocation, useRouter } from 'wouter'
import { DeferredDialog } from '@/components/deferred-dialog'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { useViewer } from '@/lib/auth'
import { lazyPage } from '@/lib/lazy-page'

// The phone's navigation sheet (Radix dialog) is fetched when someone reaches for its button.
const MobileMenu = lazy(() => import('./mobile-menu'))
// A member's bell and account menu bring the menu library with them: visitors, who see neither, do not
// download it on their first page. A member's page is rendered with them on the server, and the browser
// loads their chunk before hydrating (lazyPage), so nothing shifts when they arrive.
const SignedInActions = lazyPage(
  'components/layout/signed-in-actions.tsx',
  () => import('./signed-in-actions'),
)

export type NavLink = { href: string; label: string }

export function TopNav() {
  const { viewer } = useViewer()
  const [menuOpen, setMenuOpen] = useState(false)
  const links = [
    { href: routes.portal(), label: 'Portal' },
    { href: routes.howItWorks(), label: 'Como Funciona' },
    ...(viewer ? [{ href: routes.events(), label: 'Eventos' }] : []),
  ]
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <nav
        aria-label="Principal"
        className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-4"
      >
        <DeferredDialog trigger={<MobileMenuButton />} open={menuOpen} onOpenChange={setMenuOpen}>
          <MobileMenu links={links} open={menuOpen} onOpenChange={setMenuOpen} />
        </DeferredDialog>
        <Link
          href={`~${routes.home()}`}
          className="flex items-center gap-2 font-extrabold text-primary text-xl tracking-tight"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          Vupt
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <li key={link.href}>
              <Button asChild variant="ghost" size="sm">
                <Link href={link.href}>{link.label}</Link>
              </Button>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {viewer ? (
            <Suspense fallback={null}>
              <SignedInActions viewer={viewer} />
            </Suspense>
          ) : (
            <SignedOutActions />
          )}
        </div>
      </nav>
    </header>
  )
}

function SignedOutActions() {
  // Signing in brings the visitor back to the page they were reading.
  const [location] = useLocation()
  const from = `${useRouter().base}${location}`
  return (
    <>
      <ButtonLink
        href={routes.auth({ from })}
        variant="ghost"
        size="sm"
        className="max-sm:px-2"
        state={{ from }}
      >
        {/* '/ Criar Conta' is off screen on the narrowest phones (320 px), so nothing scrolls sideways;
            it stays in the name. */}
        Entrar <span className="max-[400px]:sr-only">/ Criar Conta</span>
      </ButtonLink>
      <ButtonLink href={routes.auth({ from: routes.sell() })} size="sm" state={{ from: routes.sell() }}>
        Anunciar
      </ButtonLink>
    </>
  )
}

/** Opens the navigation sheet on a phone (mobile-menu.tsx wraps it once loaded). */
function MobileMenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu" {...props}>
      <MenuIcon aria-hidden="true" />
    </Button>
  )
}
