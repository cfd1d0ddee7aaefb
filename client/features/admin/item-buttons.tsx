import { PencilIcon, PlusIcon } from 'lucide-react'
import type * as React from 'react'
import { Button } from '@/components/ui/button'

type ButtonProps = Omit<React.ComponentProps<typeof Button>, 'children'>

/** The button that opens the form for a new item of an admin list ("Novo banner", "Novo semestre"). */
export function NewItemButton({ children, ...props }: ButtonProps & { children: React.ReactNode }) {
  return (
    <Button {...props}>
      <PlusIcon aria-hidden="true" />
      {children}
    </Button>
  )
}

/** "Editar" on an item of an admin list; its aria-label names the item, as the remove button's does. */
export function EditButton(props: Omit<ButtonProps, 'variant'>) {
  return (
    <Button variant="outline" {...props}>
      <PencilIcon aria-hidden="true" />
      Editar
    </Button>
  )
}
