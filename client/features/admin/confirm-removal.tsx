import { ConfirmDialog } from '@/components/confirm-dialog'
import { whenClosed } from '@/lib/when-closed'

/**
 * The question before an item leaves an admin list: open while `item` is set, describing it, and removing
 * it on confirm. The removal's own callbacks (removalCallbacks) close it when the server answers.
 */
export function ConfirmRemoval<Item>({
  item,
  onClose,
  describe,
  onConfirm,
  ...texts
}: {
  item: Item | null
  onClose: () => void
  title: string
  describe: (item: Item) => string
  confirmLabel: string
  busyLabel: string
  busy: boolean
  onConfirm: (item: Item) => void
}) {
  return (
    <ConfirmDialog
      {...texts}
      open={item !== null}
      onOpenChange={whenClosed(onClose)}
      description={item === null ? undefined : describe(item)}
      onConfirm={() => {
        if (item !== null) onConfirm(item)
      }}
    />
  )
}
