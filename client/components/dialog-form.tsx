import type { FormEventHandler, ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'

type DialogFormProps = {
  title: ReactNode
  description?: ReactNode
  onSubmit: FormEventHandler<HTMLFormElement>
  /** Without it, Cancelar closes the dialog the way Esc and its X do (the dialog's onOpenChange). */
  onCancel?: () => void
  submitLabel: string
  /** While true both buttons are disabled and the submit shows `busyLabel`. */
  busy: boolean
  busyLabel: string
  /** Disables the submit for reasons other than being busy (nothing changed, an upload under way). */
  submitDisabled?: boolean
  destructive?: boolean
  children: ReactNode
}

/**
 * The inside of a dialog that is a form: its title and description, the fields, then Cancelar and the
 * submit button. The fields are validated by the form's own schema, so the browser's checks are off.
 */
export function DialogForm({
  title,
  description,
  onSubmit,
  onCancel,
  submitLabel,
  busy,
  busyLabel,
  submitDisabled = false,
  destructive = false,
  children,
}: DialogFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
      </DialogHeader>
      {children}
      <DialogFooter>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
        ) : (
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={busy}>
              Cancelar
            </Button>
          </DialogClose>
        )}
        <Button
          type="submit"
          variant={destructive ? 'destructive' : 'default'}
          disabled={busy || submitDisabled}
          aria-busy={busy || undefined}
        >
          {busy ? busyLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  )
}
