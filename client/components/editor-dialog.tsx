import { Fragment, type Key, type ReactNode } from 'react'
import { Dialog, DialogContent } from '@/components/ui/dialog'

/** What a create-or-edit dialog shows: nothing (null), a new item's form (`Draft`: what it starts from) or `item`'s. */
export type EditorState<Item, Draft extends object = object> =
  | ({ mode: 'create' } & Draft)
  | { mode: 'edit'; item: Item }
  | null

export type EditorDialogProps<Item, Draft extends object = object> = {
  state: EditorState<Item, Draft>
  onOpenChange: (open: boolean) => void
}

/** The item a create-or-edit form is editing, or undefined for a new one. */
export function editedItem<Item>(state: NonNullable<EditorState<Item>>): Item | undefined {
  return state.mode === 'edit' ? state.item : undefined
}

/**
 * A dialog open while `target` is set (a row to edit, remove or decide on), with a fresh form for each
 * target (keyed by `keyOf`) that closes the dialog through `onDone`.
 */
export function TargetDialog<Target>({
  target,
  onOpenChange,
  keyOf,
  wide = false,
  children,
}: {
  target: Target | null
  onOpenChange: (open: boolean) => void
  keyOf?: (target: Target) => Key
  wide?: boolean
  children: (target: Target, onDone: () => void) => ReactNode
}) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent wide={wide}>
        {target !== null ? (
          <Fragment key={keyOf?.(target)}>{children(target, () => onOpenChange(false))}</Fragment>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

/** The dialog around a create-or-edit form: a fresh form for each item, and one for a new item. */
export function EditorDialog<Item extends { id: number }, Draft extends object = object>({
  state,
  onOpenChange,
  wide = false,
  children,
}: EditorDialogProps<Item, Draft> & {
  wide?: boolean
  children: (state: NonNullable<EditorState<Item, Draft>>, onDone: () => void) => ReactNode
}) {
  return (
    <TargetDialog
      target={state}
      onOpenChange={onOpenChange}
      keyOf={(opened) => (opened.mode === 'edit' ? opened.item.id : 'new')}
      wide={wide}
    >
      {children}
    </TargetDialog>
  )
}
