import { Link } from 'wouter'
import { Sheet, SheetClose, SheetContent, SheetHeader, SheetTitle } from '@/components/ui/sheet'
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
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-72 gap-4 bg-background">
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
