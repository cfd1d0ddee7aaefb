import { PencilIcon } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button-link'

/** "Editar" on one of the member's own items in a list: a link to its form, naming the item for screen readers. */
export function EditLink({ href, itemTitle }: { href: string; itemTitle: string }) {
  return (
    <ButtonLink href={href} variant="outline" size="sm" aria-label={`Editar ${itemTitle}`}>
      <PencilIcon aria-hidden="true" />
      Editar
    </ButtonLink>
  )
}
