import { useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { GoogleLogo } from '@/components/google-logo'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { appConfig } from '@/lib/config'
import { toast } from '@/lib/toast'
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
      icon={<GoogleLogo className="shrink-0" />}
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
      ) : appConfig().googleEnabled ? (
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
          <GoogleLogo className="shrink-0" />
          Vincular conta Google
        </Button>
      ) : (
        <div className="grid gap-2">
          <Button variant="outline" className="justify-self-start" disabled aria-describedby="google-off">
            <GoogleLogo className="shrink-0" />
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
