import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet'

/** On a phone, a category's filters open in a sheet from the left; `children` is the filters panel. */
export default function FiltersSheet({
  open,
  onOpenChange,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  children: ReactNode
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-[88vw] max-w-sm">
        <SheetHeader className="pr-12">
          <SheetTitle>Filtros</SheetTitle>
          <SheetDescription>Os resultados se atualizam enquanto você filtra.</SheetDescription>
        </SheetHeader>
        {children}
        <SheetFooter>
          <Button onClick={() => onOpenChange(false)}>Ver resultados</Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  )
}
