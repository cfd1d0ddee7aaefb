import { MessageSquareWarning } from 'lucide-react'
import { lazy, useState } from 'react'
import { DeferredDialog } from '@/components/deferred-dialog'
import { Button } from '@/components/ui/button'

// The dialog, its form and validation libraries load once the page is up; the button shows at once.
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
    <DeferredDialog trigger={button} onOpen={() => setOpen(true)}>
      <BarrierReportDialog trigger={button} open={open} onOpenChange={setOpen} />
    </DeferredDialog>
  )
}
