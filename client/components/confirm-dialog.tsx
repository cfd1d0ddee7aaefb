import { lazy, type ReactNode, Suspense, useState } from 'react'
import { DeferredDialog } from '@/components/deferred-dialog'
import type { ConfirmAlertProps } from './confirm-alert'

// The alert dialog library stays out of the first download: it is fetched when someone reaches for the
// trigger (deferred-dialog.tsx) or, without one, when the caller first opens it.
const ConfirmAlert = lazy(() => import('./confirm-alert'))

export type ConfirmDialogProps = ConfirmAlertProps & {
  /** The button that opens it; omit when something else opens it. */
  trigger?: ReactNode
}

/** Asks before an action. */
export function ConfirmDialog({ trigger, ...alert }: ConfirmDialogProps) {
  const [opened, setOpened] = useState(alert.open)
  if (alert.open && !opened) setOpened(true)
  if (trigger) {
    return (
      <DeferredDialog trigger={trigger} open={alert.open} onOpenChange={alert.onOpenChange}>
        <ConfirmAlert {...alert} />
      </DeferredDialog>
    )
  }
  return opened ? (
    <Suspense fallback={null}>
      <ConfirmAlert {...alert} />
    </Suspense>
  ) : null
}
