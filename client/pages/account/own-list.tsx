import type { ComponentProps, ReactNode } from 'react'
import { CountedPageHeader } from '@/components/page/counted-page-header'
import { usePageTitle } from '@/lib/use-page-title'

/**
 * A page that lists the member's own things (Meus favoritos, Meus Produtos): its title in the tab and in
 * the header that counts them, over the list (`children`).
 */
export function OwnListPage({
  children,
  ...header
}: ComponentProps<typeof CountedPageHeader> & { children: ReactNode }) {
  usePageTitle(header.title)
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8">
      <CountedPageHeader {...header} />
      {children}
    </div>
  )
}
