import { PlusIcon } from 'lucide-react'
import { lazy, useState } from 'react'
import { useLocation } from 'wouter'
import { DeferredDialog } from '@/components/deferred-dialog'
import { Button } from '@/components/ui/button'
import { useViewer } from '@/lib/auth'

const CreateDialog = lazy(() => import('./create-dialog'))

const HIDDEN_ON = [/^\/produto\//, /^\/vender$/, /^\/chat/]

/** The '+' that floats over every page for members: the shortest way to sell or announce something. */
export function FloatingAddButton() {
  const { viewer } = useViewer()
  const [location] = useLocation()
  const [open, setOpen] = useState(false)
  // Accounts still waiting for approval can't create anything yet.
  if (!viewer?.approved || !viewer.emailVerified) return null
  // Pages with their own actions at the bottom of a phone screen, which the button would cover.
  if (HIDDEN_ON.some((pattern) => pattern.test(location))) return null

  const button = (
    <Button
      aria-label="Criar"
      // Clear of the iPhone home indicator; below dialogs (z-50) so it never covers one.
      variant="floating"
      size="floating"
      shape="round"
      className="fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-40 sm:right-6 sm:bottom-6"
    >
      <PlusIcon aria-hidden="true" className="size-7" />
    </Button>
  )
  return (
    <DeferredDialog trigger={button} open={open} onOpenChange={setOpen}>
      <CreateDialog open={open} onOpenChange={setOpen} />
    </DeferredDialog>
  )
}
