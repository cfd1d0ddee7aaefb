import { zodResolver } from '@hookform/resolvers/zod'
import { PASSKEY_NAME_MAX, PASSKEYS_PER_ACCOUNT, passkeyNameSchema } from '@shared/schemas/passkeys'
import type { RegistrationResponseJSON } from '@simplewebauthn/browser'
import { KeyRoundIcon, TriangleAlertIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { DialogForm } from '@/components/dialog-form'
import { InputField } from '@/components/text-fields'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import type { RouterOutputs } from '@/lib/api-types'
import { boundField } from '@/lib/bound-field'
import { formatDate, formatDateTime, formatTimeAgo, isoDateTime } from '@/lib/dates'
import { toastFirstError } from '@/lib/form-errors'
import { browserHasPasskeys, loadWebAuthn, passkeyPromptFailure } from '@/lib/passkeys'
import { toast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import type { RunWithReauth } from './reauth'
import { SecuritySection } from './security-section'

type Passkey = RouterOutputs['account']['security']['passkeys'][number]

const nameFormSchema = z.object({ name: passkeyNameSchema })
type NameInput = z.input<typeof nameFormSchema>
type Name = z.output<typeof nameFormSchema>

/** A name to start from, after the device the passkey is being created on. */
function suggestedName(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent
  const device = /iPhone/.test(agent)
    ? 'iPhone'
    : /iPad/.test(agent)
      ? 'iPad'
      : /Android/.test(agent)
        ? 'Android'
        : /Mac OS X/.test(agent)
          ? 'Mac'
          : /Windows/.test(agent)
            ? 'Windows'
            : /Linux|CrOS/.test(agent)
              ? 'computador'
              : null
  return device ? `Chave de acesso (${device})` : 'Minha chave de acesso'
}

/**
 * 'Chaves de acesso': sign in with the device's lock (PIN, fingerprint, face) instead of the password
 * and the code. Adding and removing one asks for the password first, if it was not confirmed lately.
 */
export function PasskeysCard({
  passkeys,
  twoFactorEnabled,
  isAdmin,
  run,
}: {
  passkeys: readonly Passkey[]
  twoFactorEnabled: boolean
  isAdmin: boolean
  run: RunWithReauth
}) {
  const utils = trpc.useUtils()
  const remove = trpc.account.passkeys.remove.useMutation()
  const [supported, setSupported] = useState(true)
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<Passkey | null>(null)
  useEffect(() => setSupported(browserHasPasskeys()), [])

  const full = passkeys.length >= PASSKEYS_PER_ACCOUNT
  // An administrator without the authenticator app reaches the panel only through a passkey.
  const lastWayToPanel = isAdmin && !twoFactorEnabled && passkeys.length === 1

  const confirmRemove = async () => {
    const passkey = removing
    if (!passkey) return
    await run(async () => {
      await remove.mutateAsync({ id: passkey.id })
      setRemoving(null)
      toast.success('Chave de acesso removida', { description: passkey.name })
    }, 'Erro ao remover a chave de acesso')
    void utils.account.security.invalidate()
    void utils.auth.me.invalidate()
  }

  return (
    <SecuritySection
      title="Chaves de acesso"
      icon={<KeyRoundIcon className="size-5" aria-hidden="true" />}
      description="Entre sem senha, com o desbloqueio do seu aparelho (PIN, digital ou rosto). A chave de acesso vale pelas duas etapas: o Vupt não pede o código do app."
    >
      {passkeys.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nenhuma chave de acesso cadastrada.</p>
      ) : (
        <ul className="grid divide-y rounded-md border" aria-label="Suas chaves de acesso">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-3 p-3">
              <KeyRoundIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
                  <span className="break-words">{passkey.name}</span>
                  {passkey.backedUp ? <Badge variant="secondary">Sincronizada</Badge> : null}
                </p>
                <p className="text-muted-foreground text-xs">
                  Criada em{' '}
                  <time dateTime={isoDateTime(passkey.createdAt)}>{formatDate(passkey.createdAt)}</time>
                  {' · '}
                  {passkey.lastUsedAt ? (
                    <>
                      Último uso:{' '}
                      <time
                        dateTime={isoDateTime(passkey.lastUsedAt)}
                        title={formatDateTime(passkey.lastUsedAt)}
                      >
                        {formatTimeAgo(passkey.lastUsedAt)}
                      </time>
                    </>
                  ) : (
                    'Ainda não usada para entrar'
                  )}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                tone="destructive"
                disabled={remove.isPending}
                // The password first (if it is due), then the confirmation.
                onClick={() =>
                  void run(async () => setRemoving(passkey), 'Erro ao remover a chave de acesso')
                }
              >
                Remover
                <span className="sr-only"> a chave de acesso {passkey.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}

      {supported ? null : (
        <p className="text-muted-foreground text-sm">
          Este navegador não aceita chaves de acesso. Use um navegador atualizado para adicionar uma.
        </p>
      )}
      {full ? (
        <p className="text-muted-foreground text-sm">
          Você chegou ao limite de {PASSKEYS_PER_ACCOUNT} chaves de acesso. Remova uma para adicionar outra.
        </p>
      ) : null}
      <Button
        className="justify-self-start"
        variant="outline"
        disabled={!supported || full}
        // The password first (if it is due): the device's prompt comes after the name.
        onClick={() => void run(async () => setAdding(true), 'Erro ao adicionar a chave de acesso')}
      >
        <KeyRoundIcon aria-hidden="true" />
        Adicionar chave de acesso
      </Button>

      <AddPasskeyDialog open={adding} onClose={() => setAdding(false)} run={run} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setRemoving(null)
        }}
        title="Remover a chave de acesso?"
        description={
          <>
            {`"${removing?.name ?? ''}" deixará de entrar no Vupt. Você pode apagá-la também do aparelho ou do gerenciador de senhas.`}
            {lastWayToPanel ? (
              <span className="mt-3 flex items-start gap-2 rounded-md bg-amber-50 p-3 text-amber-900 text-sm">
                <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                Sem ela e sem a verificação em duas etapas, você perde o acesso ao painel de administração.
              </span>
            ) : null}
          </>
        }
        confirmLabel="Remover"
        busyLabel="Removendo..."
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
      />
    </SecuritySection>
  )
}

/** The name, then the device's own prompt; the passkey is kept once the server checks its answer. */
function AddPasskeyDialog({
  open,
  onClose,
  run,
}: {
  open: boolean
  onClose: () => void
  run: RunWithReauth
}) {
  const utils = trpc.useUtils()
  const options = trpc.account.passkeys.registrationOptions.useMutation()
  const register = trpc.account.passkeys.register.useMutation()
  const [pending, setPending] = useState(false)
  const form = useForm<NameInput, unknown, Name>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: '' },
  })
  useEffect(() => {
    if (open) form.reset({ name: suggestedName() })
  }, [open, form])

  const close = () => {
    if (pending) return
    onClose()
  }

  const submit = form.handleSubmit(async ({ name }) => {
    setPending(true)
    try {
      await run(async () => {
        const optionsJSON = await options.mutateAsync()
        const webauthn = await loadWebAuthn()
        let response: RegistrationResponseJSON
        try {
          response = await webauthn.startRegistration({ optionsJSON })
        } catch (error) {
          const failure = passkeyPromptFailure(error, true)
          if (failure) toast.error(failure.title, { description: failure.description })
          return
        }
        await register.mutateAsync({ name, response })
        toast.success('Chave de acesso adicionada!', {
          description: 'Na próxima vez, entre com ela na aba Entrar.',
        })
        void utils.account.security.invalidate()
        void utils.auth.me.invalidate()
        onClose()
      }, 'Erro ao adicionar a chave de acesso')
    } finally {
      setPending(false)
    }
  }, toastFirstError)

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogForm
          title="Adicionar chave de acesso"
          description="Dê um nome para reconhecê-la depois. Em seguida, o aparelho pede o seu desbloqueio (PIN, digital ou rosto)."
          onSubmit={submit}
          submitLabel="Continuar"
          busy={pending}
          busyLabel="Aguardando o aparelho..."
        >
          <InputField
            label="Nome da chave"
            maxLength={PASSKEY_NAME_MAX}
            autoComplete="off"
            required
            autoFocus
            {...boundField(form, 'name', 'passkey-name')}
          />
        </DialogForm>
      </DialogContent>
    </Dialog>
  )
}
