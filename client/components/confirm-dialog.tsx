import { lazy, Suspense, useState } from 'react'
import { DeferredDialog } from '@/components/deferred-dialog'
import type { ConfirmDialogProps } from './confirm-alert'

// The alert dialog library stays out of the first download: with a trigger, it loads once the page is
// up (the trigger shows at once); without one, when the caller first opens it.
const ConfirmAlert = lazy(() => import('./confirm-alert'))

/** Asks before an action. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open)
  if (props.open && !opened) setOpened(true)
  if (props.trigger) {
    return (
      <DeferredDialog trigger={props.trigger} onOpen={() => props.onOpenChange(true)}>
        <ConfirmAlert {...props} />
      </DeferredDialog>
    )
  }
  return opened ? (
    <Suspense fallback={null}>
      <ConfirmAlert {...props} />
    </Suspense>
  ) : null
}
