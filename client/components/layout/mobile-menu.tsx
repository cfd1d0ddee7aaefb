import { routes } from '@shared/routes'
import { Link } from 'wouter'
import { Sheet, SheetClose, SheetContent, SheetHeader, SheetTitle } from '@/components/ui/sheet'
import { useViewer } from '@/lib/auth'
import { useCommunity } from '@/lib/community'
import type { NavLink } from './top-nav'

/** The phone's navigation sheet, opened by the menu button of the top bar (top-nav.tsx). */
export default function MobileMenu({
  links,
  open,
  onOpenChange,
}: {
  links: NavLink[]
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { community } = useCommunity()
  const member = useViewer().viewer !== null
  // On a phone the top bar has no room for a member's 'Anunciar', and the floating '+' leaves the pages
  // with actions of their own at the bottom: the menu is the way to sell that is always there.
  const items = [
    ...(member
      ? [
          { href: routes.sell(), label: 'Anunciar' },
          { href: routes.myDeliveries(), label: 'Minhas entregas' },
        ]
      : []),
    ...links,
    { href: routes.faq(), label: 'Central de Ajuda' },
    { href: routes.about(), label: 'Sobre' },
  ]
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-72 gap-4 bg-background">
        <SheetHeader>
          <SheetTitle>{community ? `Vupt · ${community.name}` : 'Vupt'}</SheetTitle>
        </SheetHeader>
        <ul className="grid gap-1 px-4">
          {items.map((link) => (
            <li key={link.href}>
              <SheetClose asChild>
                <Link href={link.href} className="block rounded-md px-3 py-3 font-medium hover:bg-accent">
                  {link.label}
                </Link>
              </SheetClose>
            </li>
          ))}
        </ul>
      </SheetContent>
    </Sheet>
  )
}
