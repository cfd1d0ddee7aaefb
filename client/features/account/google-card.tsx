import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { useLocation, useSearch } from 'wouter'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { appConfig } from '@/lib/config'
import { trpc } from '@/lib/trpc'
import { googleFlowHref, readGoogleOutcome, withoutGoogleOutcome } from './account-helpers'
import type { RunWithReauth } from './reauth'
import { SecuritySection } from './security-section'

/** 'Conta Google': link it to sign in with one tap; unlink it unless it is the only way in. */
export function GoogleCard({
  google,
  hasPassword,
  run,
}: {
  google: { email: string } | null
  hasPassword: boolean
  run: RunWithReauth
}) {
  const utils = trpc.useUtils()
  const unlink = trpc.account.unlinkGoogle.useMutation()
  const [confirming, setConfirming] = useState(false)

  const confirmUnlink = () => {
    // Closed first: if the password is asked for, its dialog should be the only one open.
    setConfirming(false)
    void run(async () => {
      await unlink.mutateAsync()
      toast.success('Conta Google desvinculada', {
        description: 'Você continua entrando com seu e-mail e senha.',
      })
      await utils.account.security.invalidate()
    }, 'Erro ao desvincular')
  }

  return (
    <SecuritySection
      title="Conta Google"
      icon={<GoogleMark />}
      description="Entre no Vupt com a sua conta Google institucional, sem digitar a senha."
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {google ? (
          <>
            <Badge variant="secondary">Vinculada</Badge>
            <span className="break-all">{google.email}</span>
          </>
        ) : (
          <Badge variant="outline">Não vinculada</Badge>
        )}
      </div>

      {google ? (
        <div className="grid gap-2">
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={!hasPassword || unlink.isPending}
            onClick={() => setConfirming(true)}
          >
            {unlink.isPending ? 'Desvinculando...' : 'Desvincular'}
          </Button>
          {hasPassword ? null : (
            <p className="text-muted-foreground text-sm">
              Crie uma senha antes de desvincular: sem ela, você ficaria sem como entrar.
            </p>
          )}
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Desvincular a conta Google?"
            description="Você deixará de entrar com o Google e continuará entrando com seu e-mail e senha. Pode vincular de novo quando quiser."
            confirmLabel="Desvincular"
            destructive={false}
            onConfirm={confirmUnlink}
          />
        </div>
      ) : appConfig.googleEnabled ? (
        <Button
          variant="outline"
          className="justify-self-start"
          // The password first (if it is due), then a full navigation: the server sends the browser to
          // Google and back here with ?google=.
          onClick={() =>
            void run(async () => {
              window.location.assign(googleFlowHref('link', window.location.pathname))
            }, 'Erro ao vincular')
          }
        >
          <GoogleMark />
          Vincular conta Google
        </Button>
      ) : (
        <div className="grid gap-2">
          <Button variant="outline" className="justify-self-start" disabled aria-describedby="google-off">
            <GoogleMark />
            Vincular conta Google
          </Button>
          <p id="google-off" className="text-muted-foreground text-sm">
            O login com Google não está disponível no momento.
          </p>
        </div>
      )}
    </SecuritySection>
  )
}

/** The toast for `?google=vinculado|confirmado|reautenticar|erro`, once, then the parameter leaves the address. */
export function useGoogleOutcomeToast() {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const utils = trpc.useUtils()
  const handled = useRef<string | null>(null)

  useEffect(() => {
    const outcome = readGoogleOutcome(search)
    // StrictMode runs effects twice: one toast per arrival.
    if (!outcome || handled.current === search) return
    handled.current = search
    if (outcome === 'vinculado') {
      toast.success('Conta Google vinculada!', { description: 'Agora você também pode entrar com o Google.' })
    } else if (outcome === 'confirmado') {
      toast.success('Identidade confirmada', { description: 'Agora você pode concluir a alteração.' })
    } else if (outcome === 'reautenticar') {
      toast.error('Confirme sua senha', {
        description: 'Por segurança, confirme sua senha antes de vincular a conta Google.',
      })
    } else {
      toast.error('Erro com a conta Google', {
        description:
          'Use a sua conta Google institucional, que não esteja vinculada a outra conta do Vupt, e tente novamente.',
      })
    }
    void utils.account.security.invalidate()
    navigate(`${location}${withoutGoogleOutcome(search)}`, { replace: true })
  }, [search, location, navigate, utils])
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 shrink-0">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z"
      />
    </svg>
  )
}
