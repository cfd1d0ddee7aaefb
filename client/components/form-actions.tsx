import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'

type FormActionsProps = {
  submitLabel: ReactNode
  submitDisabled: boolean
  /** Cancelar is shown only when there is somewhere to go back to. */
  onCancel?: (() => void) | undefined
  cancelDisabled?: boolean
  cancelVariant?: 'outline' | 'ghost'
  submitSize?: 'default' | 'lg'
  /** Another way out instead of Cancelar (a link). */
  secondary?: ReactNode
}

/** The buttons at the end of a page's form: the submit on the right, Cancelar beside it (above it on phones). */
export function FormActions({
  submitLabel,
  submitDisabled,
  onCancel,
  cancelDisabled = false,
  cancelVariant = 'outline',
  submitSize = 'lg',
  secondary,
}: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {onCancel ? (
        <Button type="button" variant={cancelVariant} onClick={onCancel} disabled={cancelDisabled}>
          Cancelar
        </Button>
      ) : null}
      {secondary}
      <Button type="submit" size={submitSize} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </div>
  )
}
