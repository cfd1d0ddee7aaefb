import { zodResolver } from '@hookform/resolvers/zod'
import { passwordConfirmationSchema } from '@shared/schemas/account'
import { type ReactNode, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { DialogForm } from '@/components/dialog-form'
import { PasswordField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { boundField } from '@/lib/bound-field'
import { appConfig } from '@/lib/config'
import { toastFirstError } from '@/lib/form-errors'
import { toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { googleFlowHref, isReauthRequired } from './account-helpers'

/** What the dialog needs to know about how this account signs in (from `account.security`). */
export type ReauthAccount = {
  recentlyAuthenticated: boolean
  hasPassword: boolean
  google: { email: string } | null
}

/**
 * Runs a sensitive change. When the server answers REAUTH_REQUIRED (or `account.security` already
 * says the window is closed), asks for the password and then runs the change again by itself.
 * Resolves true when the action finished; any other failure becomes a toast.
 */
export type RunWithReauth = (action: () => Promise<unknown>, errorTitle: string) => Promise<boolean>

type Pending = { action: () => Promise<unknown>; errorTitle: string }

export function useReauth(account: ReauthAccount | undefined): { run: RunWithReauth; dialog: ReactNode } {
  const utils = trpc.useUtils()
  const [pending, setPending] = useState<Pending | null>(null)
  // A retry that fails with REAUTH_REQUIRED again must not reopen the dialog forever.
  const retrying = useRef(false)

  const attempt = async ({ action, errorTitle }: Pending): Promise<boolean> => {
    try {
      await action()
      return true
    } catch (error) {
      if (isReauthRequired(error) && !retrying.current) setPending({ action, errorTitle })
      else toastError(error, errorTitle)
      return false
    }
  }

  const run: RunWithReauth = (action, errorTitle) => {
    if (account && !account.recentlyAuthenticated) {
      setPending({ action, errorTitle })
      return Promise.resolve(false)
    }
    return attempt({ action, errorTitle })
  }

  const onConfirmed = async () => {
    const current = pending
    setPending(null)
    void utils.account.security.invalidate()
    if (!current) return
    retrying.current = true
    try {
      await attempt(current)
    } finally {
      retrying.current = false
    }
  }

  const dialog = (
    <ReauthDialog
      open={pending !== null}
      account={account}
      onCancel={() => setPending(null)}
      onConfirmed={onConfirmed}
    />
  )
  return { run, dialog }
}

type PasswordValues = z.infer<typeof passwordConfirmationSchema>

/** 'Confirme sua senha': the password, or a fresh Google sign-in for accounts that have no password. */
export function ReauthDialog({
  open,
  account,
  onCancel,
  onConfirmed,
}: {
  open: boolean
  account: ReauthAccount | undefined
  onCancel: () => void
  onConfirmed: () => void
}) {
  const reauthenticate = trpc.account.reauthenticate.useMutation()
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordConfirmationSchema),
    defaultValues: { password: '' },
  })
  const googleOnly = account !== undefined && !account.hasPassword && account.google !== null

  const submit = form.handleSubmit(async (values) => {
    try {
      await reauthenticate.mutateAsync(values)
      form.reset()
      onConfirmed()
    } catch (err) {
      form.setFocus('password')
      toastError(err, 'Erro ao confirmar a senha')
    }
  }, toastFirstError)

  const close = (next: boolean) => {
    if (next || reauthenticate.isPending) return
    form.reset()
    onCancel()
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        {googleOnly ? (
          <>
            <DialogHeader>
              <DialogTitle>Confirme sua identidade</DialogTitle>
              <DialogDescription>
                Por segurança, entre de novo com sua conta Google ({account.google?.email}) para continuar.
                Depois, repita a alteração.
              </DialogDescription>
            </DialogHeader>
            {appConfig().googleEnabled ? null : (
              <p className="text-muted-foreground text-sm">
                O login com Google não está disponível no momento. Tente mais tarde.
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancelar
              </Button>
              {appConfig().googleEnabled ? (
                <Button asChild>
                  {/* A full navigation: the server sends the browser to Google and back here. */}
                  <a href={googleFlowHref('reauth', window.location.pathname)}>Confirmar com Google</a>
                </Button>
              ) : (
                <Button type="button" disabled>
                  Confirmar com Google
                </Button>
              )}
            </DialogFooter>
          </>
        ) : (
          <DialogForm
            title="Confirme sua senha"
            description="Por segurança, confirme sua senha para continuar. Ela vale para alterações nos próximos 10 minutos."
            onSubmit={submit}
            onCancel={() => close(false)}
            submitLabel="Confirmar"
            busy={reauthenticate.isPending}
            busyLabel="Confirmando..."
          >
            <PasswordField
              label="Senha"
              autoComplete="current-password"
              autoFocus
              {...boundField(form, 'password', 'reauth-password')}
            />
          </DialogForm>
        )}
      </DialogContent>
    </Dialog>
  )
}
