import { routes } from '@shared/routes'
import { CalendarPlusIcon, ChevronRightIcon, HandshakeIcon, type LucideIcon, TagIcon } from 'lucide-react'
import { Link } from 'wouter'
import type { OpenState } from '@/components/deferred-dialog'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'

type CreateAction = { href: string; icon: LucideIcon; title: string; text: string }

const ACTIONS: CreateAction[] = [
  {
    href: routes.sell(),
    icon: TagIcon,
    title: 'Vender Produto',
    text: 'Anuncie uma criação ou um desapego.',
  },
  {
    href: routes.sell(),
    icon: HandshakeIcon,
    title: 'Oferecer Serviço',
    text: 'Aulas, revisões, design e mais.',
  },
  {
    href: routes.createEvent(),
    icon: CalendarPlusIcon,
    title: 'Criar Evento',
    text: 'Divulgue um evento para a comunidade.',
  },
]

/** The choices behind the floating '+' (fetched when someone reaches for the button, see floating-add-button.tsx). */
export default function CreateDialog({ open, onOpenChange }: OpenState) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>O que você quer fazer?</DialogTitle>
          <DialogDescription>Escolha o que deseja criar na sua comunidade.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2">
          {ACTIONS.map((action) => {
            const Icon = action.icon
            return (
              <li key={action.title}>
                <Link
                  href={action.href}
                  onClick={() => onOpenChange(false)}
                  className="flex items-center gap-3 rounded-lg border p-4 outline-none transition-colors hover:border-primary hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="grid flex-1 gap-0.5">
                    <span className="font-semibold">{action.title}</span>
                    <span className="text-muted-foreground text-sm">{action.text}</span>
                  </span>
                  <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                </Link>
              </li>
            )
          })}
        </ul>
      </DialogContent>
    </Dialog>
  )
}
