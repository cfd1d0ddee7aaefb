import { routes } from '@shared/routes'
import { type FormEvent, type ReactNode, useState } from 'react'
import { Link } from 'wouter'
import { CardPage } from '@/components/card-page'
import { PasswordField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { toastError } from '@/lib/toast'
import { cn } from '@/lib/utils'

// The pieces of the pages an e-mail link opens with a token: confirming the sign-up, confirming a new address.

/** The page of a link without its token: what to do instead, and the way on. */
export function InvalidLinkPage({ description, children }: { description: string; children: ReactNode }) {
  return (
    <CardPage
      contentClassName="flex flex-wrap gap-2"
      title="Link inválido ou expirado"
      description={description}
    >
      {children}
    </CardPage>
  )
}

export function HomeButton() {
  return (
    <Button asChild>
      <Link href={`~${routes.home()}`}>Ir para o início</Link>
    </Button>
  )
}

/**
 * The account's current password, which proves whoever opened the link owns the account; an account
 * without one (`withoutPassword`: Google) confirms with the button alone. A refusal is a toast titled
 * `failure`.
 */
export function LinkPasswordForm({
  id,
  label,
  submitLabel,
  failure,
  pending,
  onSubmit,
  withoutPassword = false,
  className,
}: {
  id: string
  label: string
  submitLabel: string
  failure: string
  pending: boolean
  onSubmit: (password: string) => Promise<unknown>
  withoutPassword?: boolean
  className?: string
}) {
  const [password, setPassword] = useState('')
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    try {
      await onSubmit(withoutPassword ? '' : password)
    } catch (error) {
      toastError(error, failure)
    }
  }
  return (
    <form onSubmit={submit} noValidate className={cn('grid gap-4', className)}>
      {withoutPassword ? null : (
        <PasswordField
          id={id}
          label={label}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      )}
      <Button type="submit" disabled={pending || (!withoutPassword && password.length === 0)}>
        {pending ? 'Confirmando...' : submitLabel}
      </Button>
    </form>
  )
}
