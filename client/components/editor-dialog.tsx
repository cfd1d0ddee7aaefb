import { Fragment, type ReactNode } from 'react'
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
 * The dialog around a create-or-edit form: open while `state` is set, with a fresh form for each item
 * (keyed by its id) that closes the dialog through `onDone`.
 */
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
    <Dialog open={state !== null} onOpenChange={onOpenChange}>
      <DialogContent wide={wide}>
        {state ? (
          <Fragment key={state.mode === 'edit' ? state.item.id : 'new'}>
            {children(state, () => onOpenChange(false))}
          </Fragment>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
