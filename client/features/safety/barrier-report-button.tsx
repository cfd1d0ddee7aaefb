import { MessageSquareWarning } from 'lucide-react'
import { lazy, useState } from 'react'
import { DeferredDialog } from '@/components/deferred-dialog'
import { Button } from '@/components/ui/button'

// The dialog, its form and validation libraries are fetched when someone reaches for the button.
const BarrierReportDialog = lazy(() => import('./barrier-report-dialog'))

/** "Relatar uma barreira" for members: the report reaches the moderators' Denúncias queue. */
export function BarrierReportButton() {
  const [open, setOpen] = useState(false)
  const button = (
    <Button>
      <MessageSquareWarning aria-hidden="true" />
      Relatar uma barreira
    </Button>
  )
  return (
    <DeferredDialog trigger={button} open={open} onOpenChange={setOpen}>
      <BarrierReportDialog open={open} onOpenChange={setOpen} />
    </DeferredDialog>
  )
}
