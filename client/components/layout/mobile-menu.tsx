import { Link } from 'wouter'
import { Sheet, SheetClose, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { useCommunity } from '@/lib/community'
import { MobileMenuButton, type NavLink } from './top-nav'

export default function MobileMenu({ links }: { links: NavLink[] }) {
  const { community } = useCommunity()
  return (
    <Sheet>
      <SheetTrigger asChild>
        <MobileMenuButton />
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
