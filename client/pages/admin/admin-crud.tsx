import { useState } from 'react'
import type { EditorDialogProps, EditorState } from '@/components/editor-dialog'
import { RemoveButton } from '@/components/remove-button'
import { ConfirmRemoval } from '@/features/admin/confirm-removal'
import { EditButton } from '@/features/admin/item-buttons'
import { removalCallbacks } from '@/features/admin/removal-callbacks'
import { whenClosed } from '@/lib/when-closed'

/**
 * The two dialogs of an admin list: the create-or-edit form (`form`, for the form dialog's props) and the
 * question before an item is removed (`removing`, asked by RemovalQuestion), whose delete mutation takes
 * `removalCallbacks`: a toast, the lists refreshed and the question closed.
 */
export function useAdminCrud<Item extends { id: number }, Draft extends object = object>(removal: {
  successMessage: string
  errorTitle: string
  refresh: () => Promise<unknown>
}) {
  const [state, setState] = useState<EditorState<Item, Draft>>(null)
  const [removing, setRemoving] = useState<Item | null>(null)
  const form: EditorDialogProps<Item, Draft> = { state, onOpenChange: whenClosed(() => setState(null)) }
  return {
    form,
    create: (draft?: Draft) => setState({ mode: 'create', ...draft } as EditorState<Item, Draft>),
    edit: (item: Item) => setState({ mode: 'edit', item }),
    removing,
    setRemoving,
    removalCallbacks: removalCallbacks({ closeDialog: () => setRemoving(null), ...removal }),
  }
}

/** The question before `crud.removing` leaves the list; confirming runs the delete mutation on its id. */
export function RemovalQuestion<Item extends { id: number }>({
  crud,
  mutation,
  confirmLabel = 'Excluir',
  busyLabel = 'Excluindo...',
  ...texts
}: {
  crud: { removing: Item | null; setRemoving: (item: Item | null) => void }
  mutation: { isPending: boolean; mutate: (input: { id: number }) => void }
  title: string
  describe: (item: Item) => string
  confirmLabel?: string
  busyLabel?: string
}) {
  return (
    <ConfirmRemoval
      {...texts}
      item={crud.removing}
      onClose={() => crud.setRemoving(null)}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      busy={mutation.isPending}
      onConfirm={(item) => mutation.mutate({ id: item.id })}
    />
  )
}

/**
 * "Editar" and "Excluir" (or `remove`: "Remover") on an item of an admin list, each naming the item
 * (`name`, e.g. "regra Sigilo") to screen readers.
 */
export function EditRemoveButtons({
  name,
  onEdit,
  onRemove,
  edit = 'Editar',
  remove = 'Excluir',
  size,
}: {
  name: string
  onEdit: () => void
  onRemove: () => void
  edit?: string
  remove?: string
  size?: 'sm'
}) {
  return (
    <>
      <EditButton size={size} onClick={onEdit} aria-label={`${edit} ${name}`} />
      <RemoveButton size={size} onClick={onRemove} aria-label={`${remove} ${name}`}>
        {remove}
      </RemoveButton>
    </>
  )
}
