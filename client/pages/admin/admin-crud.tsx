import { type ComponentProps, type ReactNode, useState } from 'react'
import type { EditorDialogProps, EditorState } from '@/components/editor-dialog'
import { ListQueryStates } from '@/components/page/list-query-states'
import { RemoveButton } from '@/components/remove-button'
import { ConfirmRemoval } from '@/features/admin/confirm-removal'
import { EditButton, NewItemButton } from '@/features/admin/item-buttons'
import { removalCallbacks } from '@/features/admin/removal-callbacks'
import { whenClosed } from '@/lib/when-closed'

/** The words of an item's removal: the question, its buttons, and the toasts after it. */
export type RemovalTexts<Item> = {
  /** The question's title. */
  title: string
  describe: (item: Item) => string
  confirmLabel?: string
  busyLabel?: string
  /** The toast when the item is gone. */
  successMessage: string
  /** The toast's title when the server refuses. */
  errorTitle: string
}

/** An admin list's delete mutation (`trpc.admin.….delete.useMutation`), which removes an item by its id. */
type UseDelete = (callbacks: ReturnType<typeof removalCallbacks>) => {
  isPending: boolean
  mutate: (input: { id: number }) => void
}

/**
 * The two dialogs of an admin list: the create-or-edit form (`form`, for the form dialog's props; `create`
 * and `edit` open it) and the question before an item is removed (`question`, opened by `remove`), which
 * deletes it, says so and refreshes the lists.
 */
export function useAdminCrud<Item extends { id: number }, Draft extends object = object>(
  useDelete: UseDelete,
  {
    successMessage,
    errorTitle,
    confirmLabel = 'Excluir',
    busyLabel = 'Excluindo...',
    ...texts
  }: RemovalTexts<Item>,
  refresh: () => Promise<unknown>,
) {
  const [state, setState] = useState<EditorState<Item, Draft>>(null)
  const [removing, setRemoving] = useState<Item | null>(null)
  const deletion = useDelete(
    removalCallbacks({ closeDialog: () => setRemoving(null), successMessage, errorTitle, refresh }),
  )
  const form: EditorDialogProps<Item, Draft> = { state, onOpenChange: whenClosed(() => setState(null)) }
  return {
    form,
    create: (draft?: Draft) => setState({ mode: 'create', ...draft } as EditorState<Item, Draft>),
    edit: (item: Item) => setState({ mode: 'edit', item }),
    remove: (item: Item) => setRemoving(item),
    question: (
      <ConfirmRemoval
        {...texts}
        item={removing}
        onClose={() => setRemoving(null)}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        busy={deletion.isPending}
        onConfirm={(item) => deletion.mutate({ id: item.id })}
      />
    ),
  }
}

type ListProps<T> = ComponentProps<typeof ListQueryStates<T>>

/** How an admin list names its items and says it is empty (ListQueryStates' words). */
export type AdminListTexts<T> = Pick<ListProps<T>, 'items' | 'rowClassName' | 'empty'>

/**
 * An admin list with its dialogs: what goes above it (`toolbar`: the new-item button), its states, the
 * create-or-edit form and the removal question of `crud`.
 */
export function AdminCrudList<T>({
  crud,
  toolbar,
  form,
  ...list
}: ListProps<T> & { crud: { question: ReactNode }; toolbar: ReactNode; form: ReactNode }) {
  return (
    <div className="grid gap-6">
      {toolbar}
      <ListQueryStates {...list} />
      {form}
      {crud.question}
    </div>
  )
}

/**
 * A section of an admin page that holds one of its lists: the h2 that names it, with the button that
 * creates an item beside it (`newItem`, e.g. "Novo curso").
 */
export function AdminListSection({
  id,
  title,
  newItem,
  onNew,
  children,
}: {
  id: string
  title: string
  newItem: string
  onNew: () => void
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="font-semibold text-lg">
          {title}
        </h2>
        <NewItemButton onClick={onNew}>{newItem}</NewItemButton>
      </div>
      {children}
    </section>
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
  className = 'flex gap-2 sm:shrink-0',
}: {
  name: string
  onEdit: () => void
  onRemove: () => void
  edit?: string
  remove?: string
  size?: 'sm'
  className?: string
}) {
  return (
    <div className={className}>
      <EditButton size={size} onClick={onEdit} aria-label={`${edit} ${name}`} />
      <RemoveButton size={size} onClick={onRemove} aria-label={`${remove} ${name}`}>
        {remove}
      </RemoveButton>
    </div>
  )
}

/** EditRemoveButtons on an item of a `useAdminCrud` list (`crud`): they open its form and its removal question. */
export function CrudButtons<Item>({
  crud,
  item,
  ...buttons
}: Omit<ComponentProps<typeof EditRemoveButtons>, 'onEdit' | 'onRemove'> & {
  crud: { edit: (item: Item) => void; remove: (item: Item) => void }
  item: Item
}) {
  return <EditRemoveButtons {...buttons} onEdit={() => crud.edit(item)} onRemove={() => crud.remove(item)} />
}

/**
 * One group of an admin list (a placement, a main category): its h2 with how many items it holds, what
 * goes beside the heading (`action`), and its list, or `empty` in a dashed box when it holds none.
 */
export function ItemGroup({
  id,
  title,
  count,
  action,
  empty,
  children,
}: {
  id: string
  title: ReactNode
  count: number
  action?: ReactNode
  empty: string
  children: ReactNode
}) {
  const heading = (
    <h2 id={id} className="font-semibold text-lg">
      {title} <span className="font-normal text-muted-foreground text-sm">({count})</span>
    </h2>
  )
  return (
    <section aria-labelledby={id} className="grid gap-3">
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {count === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-muted-foreground text-sm">{empty}</p>
      ) : (
        children
      )}
    </section>
  )
}
