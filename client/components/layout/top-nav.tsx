import { MenuIcon } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Link, useLocation, useRouter } from 'wouter'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { Sheet, SheetClose, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { useViewer } from '@/lib/auth'
import { useCommunity } from '@/lib/community'

// A member's bell and account menu bring the menu library with them: visitors, who see neither, do not
// download it on their first page.
const SignedInActions = lazy(() => import('./signed-in-actions'))

export function TopNav() {
  const { viewer } = useViewer()
  const links = [
    { href: '/portal', label: 'Portal' },
    { href: '/como-funciona', label: 'Como Funciona' },
    ...(viewer ? [{ href: '/eventos', label: 'Eventos' }] : []),
  ]
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <nav
        aria-label="Principal"
        className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-4"
      >
        <MobileMenu links={links} />
        <Link
          href="~/"
          className="flex items-center gap-2 font-extrabold text-primary text-xl tracking-tight"
        >
          <img src="/favicon.svg" alt="" className="size-8" />
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
        href={`/auth?from=${encodeURIComponent(from)}`}
        variant="ghost"
        size="sm"
        className="px-2 sm:px-3"
        state={{ from }}
      >
        {/* '/ Criar Conta' is off screen on the narrowest phones (320 px), so nothing scrolls sideways;
            it stays in the name. */}
        Entrar <span className="max-[400px]:sr-only">/ Criar Conta</span>
      </ButtonLink>
      <ButtonLink href={`/auth?from=${encodeURIComponent('/vender')}`} size="sm" state={{ from: '/vender' }}>
        Anunciar
      </ButtonLink>
    </>
  )
}

function MobileMenu({ links }: { links: { href: string; label: string }[] }) {
  const { community } = useCommunity()
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu">
          <MenuIcon aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-72">
        <SheetHeader>
          <SheetTitle>{community ? `Vupt · ${community.name}` : 'Vupt'}</SheetTitle>
        </SheetHeader>
        <ul className="grid gap-1 px-4">
          {[...links, { href: '/faq', label: 'Central de Ajuda' }, { href: '/sobre', label: 'Sobre' }].map(
            (link) => (
              <li key={link.href}>
                <SheetClose asChild>
                  <Link href={link.href} className="block rounded-md px-3 py-3 font-medium hover:bg-accent">
                    {link.label}
                  </Link>
                </SheetClose>
              </li>
            ),
          )}
        </ul>
      </SheetContent>
    </Sheet>
  )
}
