import { zodResolver } from '@hookform/resolvers/zod'
import { ShieldCheckIcon, TriangleAlertIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { DialogForm } from '@/components/dialog-form'
import { InputField } from '@/components/text-fields'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import type { RouterOutputs } from '@/lib/api-types'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { recoveryCodesLeftLabel } from './account-helpers'
import { enrolmentCodeFormSchema, secondFactorFormSchema } from './account-schemas'
import type { RunWithReauth } from './reauth'
import { RecoveryCodesPanel } from './recovery-codes-panel'
import { SecuritySection } from './security-section'

type Enrolment = RouterOutputs['account']['twoFactor']['begin']

/** 'Verificação em duas etapas' (TOTP): enrol with a QR code, recovery codes, turn off. */
export function TwoFactorCard({
  enabled,
  recoveryCodesLeft,
  email,
  hasPasskey,
  isAdmin,
  run,
}: {
  enabled: boolean
  recoveryCodesLeft: number
  email: string
  /** A passkey also opens the admin area (it is both factors). */
  hasPasskey: boolean
  isAdmin: boolean
  run: RunWithReauth
}) {
  const utils = trpc.useUtils()
  const begin = trpc.account.twoFactor.begin.useMutation()
  const regenerate = trpc.account.twoFactor.regenerateRecoveryCodes.useMutation()
  const disable = trpc.account.twoFactor.disable.useMutation()
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [disableOpen, setDisableOpen] = useState(false)
  const [confirmRegenerate, setConfirmRegenerate] = useState(false)
  const [newCodes, setNewCodes] = useState<string[] | null>(null)

  const start = () => run(async () => setEnrolment(await begin.mutateAsync()), 'Erro ao ativar a verificação')

  const fewCodesLeft = recoveryCodesLeft <= 2
  return (
    <SecuritySection
      title="Verificação em duas etapas"
      icon={<ShieldCheckIcon className="size-5" aria-hidden="true" />}
      description="Além da senha, o Vupt pede um código do seu app autenticador ao entrar."
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>Status:</span>
        {enabled ? <Badge>Ativa</Badge> : <Badge variant="outline">Desativada</Badge>}
      </div>

      {isAdmin && !enabled && !hasPasskey ? (
        <p className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-amber-900 text-sm">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Administradores precisam da verificação em duas etapas ou de uma chave de acesso para acessar o
          painel.
        </p>
      ) : null}

      {enabled ? (
        <>
          <p
            className={cn('text-sm', fewCodesLeft ? 'font-medium text-destructive' : 'text-muted-foreground')}
          >
            {recoveryCodesLeftLabel(recoveryCodesLeft)}.
            {fewCodesLeft ? ' Gere novos códigos para não ficar sem acesso.' : null}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={regenerate.isPending}
              // The password first (if it is due): the code typed next expires in seconds.
              onClick={() => void run(async () => setConfirmRegenerate(true), 'Erro ao gerar os códigos')}
            >
              {regenerate.isPending ? 'Gerando...' : 'Gerar novos códigos de recuperação'}
            </Button>
            <Button
              variant="outline"
              tone="destructive"
              // The password first (if it is due): the code typed next expires in seconds.
              onClick={() => void run(async () => setDisableOpen(true), 'Erro ao desativar')}
            >
              Desativar
            </Button>
          </div>
        </>
      ) : (
        <Button className="justify-self-start" disabled={begin.isPending} onClick={() => void start()}>
          {begin.isPending ? 'Preparando...' : 'Ativar'}
        </Button>
      )}

      <EnableTwoFactorDialog
        enrolment={enrolment}
        email={email}
        run={run}
        onClose={() => setEnrolment(null)}
      />
      <SecondFactorDialog
        open={disableOpen}
        onOpenChange={setDisableOpen}
        id="totp-disable-code"
        title="Desativar a verificação em duas etapas?"
        description="Digite um código do app autenticador ou um código de recuperação para confirmar."
        submitLabel="Desativar"
        pendingLabel="Desativando..."
        destructive
        notice={
          isAdmin && !hasPasskey ? (
            <p className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-amber-900 text-sm">
              <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Sem ela, você perde o acesso ao painel de administração.
            </p>
          ) : null
        }
        run={run}
        onCode={async (code) => {
          await disable.mutateAsync({ code })
          toast.success('Verificação em duas etapas desativada', {
            description: 'Seus códigos de recuperação foram apagados.',
          })
          void utils.account.security.invalidate()
          void utils.auth.me.invalidate()
        }}
        errorTitle="Erro ao desativar"
      />
      <SecondFactorDialog
        open={confirmRegenerate}
        onOpenChange={setConfirmRegenerate}
        id="totp-regenerate-code"
        title="Gerar novos códigos de recuperação?"
        description="Os códigos que você guardou antes deixarão de funcionar. Digite um código do app autenticador ou um código de recuperação para confirmar."
        submitLabel="Gerar novos códigos"
        pendingLabel="Gerando..."
        run={run}
        onCode={async (code) => {
          const { recoveryCodes } = await regenerate.mutateAsync({ code })
          setNewCodes(recoveryCodes)
          void utils.account.security.invalidate()
        }}
        errorTitle="Erro ao gerar os códigos"
      />
      <Dialog open={newCodes !== null}>
        <DialogContent
          showCloseButton={false}
          // The codes are shown once: only 'Concluir' closes the dialog.
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => event.preventDefault()}
        >
          <DialogHeader>
            <DialogTitle>Novos códigos de recuperação</DialogTitle>
            <DialogDescription>Os códigos anteriores não funcionam mais.</DialogDescription>
          </DialogHeader>
          {newCodes ? (
            <RecoveryCodesPanel codes={newCodes} email={email} onDone={() => setNewCodes(null)} />
          ) : null}
        </DialogContent>
      </Dialog>
    </SecuritySection>
  )
}

type EnrolmentCodeInput = z.input<typeof enrolmentCodeFormSchema>
type EnrolmentCode = z.output<typeof enrolmentCodeFormSchema>

/** Step 1: the QR code (and the secret) and a code that proves the app has it. Step 2: recovery codes. */
function EnableTwoFactorDialog({
  enrolment,
  email,
  run,
  onClose,
}: {
  enrolment: Enrolment | null
  email: string
  run: RunWithReauth
  onClose: () => void
}) {
  const utils = trpc.useUtils()
  const confirm = trpc.account.twoFactor.confirm.useMutation()
  const [codes, setCodes] = useState<string[] | null>(null)
  const form = useForm<EnrolmentCodeInput, unknown, EnrolmentCode>({
    resolver: zodResolver(enrolmentCodeFormSchema),
    defaultValues: { code: '' },
  })
  const hint = 'O código muda a cada 30 segundos.'

  const close = () => {
    form.reset()
    setCodes(null)
    onClose()
  }

  const submit = form.handleSubmit(async ({ code }) => {
    const done = await run(async () => {
      const result = await confirm.mutateAsync({ code })
      setCodes(result.recoveryCodes)
      toast.success('Verificação em duas etapas ativada!', {
        description: 'A partir de agora, o Vupt pedirá um código ao entrar.',
      })
      void utils.account.security.invalidate()
      void utils.auth.me.invalidate()
    }, 'Erro ao ativar a verificação')
    if (!done) form.setFocus('code', { shouldSelect: true })
  }, toastFirstError)

  const showingCodes = codes !== null
  return (
    <Dialog
      open={enrolment !== null}
      onOpenChange={(open) => {
        if (!open && !showingCodes && !confirm.isPending) close()
      }}
    >
      <DialogContent
        showCloseButton={!showingCodes}
        // Once the recovery codes are on screen, only 'Concluir' closes the dialog.
        onInteractOutside={(event) => showingCodes && event.preventDefault()}
        onEscapeKeyDown={(event) => showingCodes && event.preventDefault()}
      >
        {showingCodes ? (
          <>
            <DialogHeader>
              <DialogTitle>Guarde seus códigos de recuperação</DialogTitle>
              <DialogDescription>A verificação em duas etapas está ativa.</DialogDescription>
            </DialogHeader>
            <RecoveryCodesPanel codes={codes} email={email} onDone={close} />
          </>
        ) : enrolment ? (
          <DialogForm
            title="Ativar verificação em duas etapas"
            description="Escaneie o QR code com um app autenticador (Google Authenticator, Microsoft Authenticator, 1Password...) e digite o código que ele mostrar."
            onSubmit={submit}
            onCancel={close}
            submitLabel="Confirmar"
            busy={confirm.isPending}
            busyLabel="Confirmando..."
          >
            {/* An <img> of the server's SVG: never markup injected into the page. */}
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`}
              alt="QR code para o app autenticador"
              width={192}
              height={192}
              className="mx-auto size-48 rounded-md border bg-white p-2"
            />
            {/* On a phone the QR code is on the very screen the app would scan: open the app instead. */}
            <a
              href={enrolment.uri}
              className="text-center font-medium text-primary text-sm underline sm:hidden"
            >
              Abrir no app autenticador
            </a>
            <div className="grid gap-1 text-sm">
              <p className="text-muted-foreground">Não consegue escanear? Digite esta chave no app:</p>
              <code
                data-testid="totp-secret"
                className="select-all break-all rounded-md bg-muted px-3 py-2 font-mono tracking-wider"
              >
                {enrolment.secret}
              </code>
            </div>
            <InputField
              label="Código de 6 dígitos"
              hint={hint}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              required
              {...boundField(form, 'code', 'totp-enrol-code')}
            />
          </DialogForm>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

type SecondFactorInput = z.input<typeof secondFactorFormSchema>
type SecondFactor = z.output<typeof secondFactorFormSchema>

/** Asks for a current code (or a recovery code) before a change to two-factor itself. */
function SecondFactorDialog({
  open,
  onOpenChange,
  id,
  title,
  description,
  submitLabel,
  pendingLabel,
  destructive = false,
  notice,
  run,
  onCode,
  errorTitle,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  id: string
  title: string
  description: string
  submitLabel: string
  pendingLabel: string
  destructive?: boolean
  notice?: ReactNode
  run: RunWithReauth
  onCode: (code: string) => Promise<void>
  /** The toast title if the change fails. */
  errorTitle: string
}) {
  const [pending, setPending] = useState(false)
  const form = useForm<SecondFactorInput, unknown, SecondFactor>({
    resolver: zodResolver(secondFactorFormSchema),
    defaultValues: { code: '' },
  })

  const close = (next: boolean) => {
    if (next || pending) return
    form.reset()
    onOpenChange(false)
  }

  const submit = form.handleSubmit(async ({ code }) => {
    setPending(true)
    const done = await run(async () => {
      await onCode(code)
      form.reset()
      onOpenChange(false)
    }, errorTitle).finally(() => setPending(false))
    if (!done) form.setFocus('code', { shouldSelect: true })
  }, toastFirstError)

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogForm
          title={title}
          description={description}
          onSubmit={submit}
          onCancel={() => close(false)}
          submitLabel={submitLabel}
          busy={pending}
          busyLabel={pendingLabel}
          destructive={destructive}
        >
          {notice}
          <InputField
            label="Código do app ou de recuperação"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
            {...boundField(form, 'code', id)}
          />
        </DialogForm>
      </DialogContent>
    </Dialog>
  )
}
