import type { ContentReportTarget } from '@shared/safety'
import { FlagIcon } from 'lucide-react'
import { lazy, type ReactNode, useState } from 'react'
import { DeferredDialog } from '@/components/deferred-dialog'
import { Button } from '@/components/ui/button'

// The dialog and its library are fetched when someone reaches for the button (deferred-dialog.tsx).
const ReportDialog = lazy(() => import('./report-dialog'))

/** 'Denunciar' on a listing, a profile, a wanted post or a chat message. */
export function ReportButton({
  targetType,
  targetId,
  trigger,
}: {
  targetType: ContentReportTarget
  targetId: number
  /** The element that opens the dialog; a small 'Denunciar' button by default. */
  trigger?: ReactNode
}) {
  const [open, setOpen] = useState(false)
  const button = trigger ?? (
    <Button variant="ghost" size="sm" className="text-muted-foreground">
      <FlagIcon aria-hidden="true" />
      Denunciar
    </Button>
  )
  return (
    <DeferredDialog trigger={button} open={open} onOpenChange={setOpen}>
      <ReportDialog targetType={targetType} targetId={targetId} open={open} onOpenChange={setOpen} />
    </DeferredDialog>
  )
}
