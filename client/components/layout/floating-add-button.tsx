import {
  CalendarPlusIcon,
  ChevronRightIcon,
  HandshakeIcon,
  type LucideIcon,
  PlusIcon,
  TagIcon,
} from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { useViewer } from '@/lib/auth'

type CreateAction = { href: string; icon: LucideIcon; title: string; text: string }

const ACTIONS: CreateAction[] = [
  { href: '/vender', icon: TagIcon, title: 'Vender Produto', text: 'Anuncie uma criação ou um desapego.' },
  {
    href: '/vender',
    icon: HandshakeIcon,
    title: 'Oferecer Serviço',
    text: 'Aulas, revisões, design e mais.',
  },
  {
    href: '/criar-evento',
    icon: CalendarPlusIcon,
    title: 'Criar Evento',
    text: 'Divulgue um evento para a comunidade.',
  },
]

const HIDDEN_ON = [/^\/produto\//, /^\/vender$/, /^\/chat/]

/** The '+' that floats over every page for members: the shortest way to sell or announce something. */
export function FloatingAddButton() {
  const { viewer } = useViewer()
  const [open, setOpen] = useState(false)
  const [location] = useLocation()
  // Accounts still waiting for approval can't create anything yet.
  if (!viewer?.approved || !viewer.emailVerified) return null
  // Pages with their own actions at the bottom of a phone screen, which the button would cover.
  if (HIDDEN_ON.some((pattern) => pattern.test(location))) return null

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="icon"
          aria-label="Criar"
          // Clear of the iPhone home indicator; below dialogs (z-50) so it never covers one.
          className="fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-40 size-14 rounded-full shadow-lg sm:right-6 sm:bottom-6"
        >
          <PlusIcon aria-hidden="true" className="size-7" />
        </Button>
      </DialogTrigger>
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
                  onClick={() => setOpen(false)}
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
