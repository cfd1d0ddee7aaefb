import type { AuthenticationResponseJSON } from '@simplewebauthn/browser'
import { KeyRoundIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  browserHasPasskeyAutofill,
  browserHasPasskeys,
  loadWebAuthn,
  passkeyPromptFailure,
} from '@/lib/passkeys'
import { TRY_LATER_DESCRIPTION, toast, toastError } from '@/lib/toast'
import { reconnectRealtime, trpc } from '@/lib/trpc'

/** A new challenge a little before the last one expires (five minutes), for a page left open. */
const AUTOFILL_REFRESH_MS = 4 * 60 * 1000

/**
 * Signing in with a passkey from the Entrar tab: the button, and, where the browser has it, the
 * passkeys offered in the e-mail field's autofill (its input is marked `webauthn`). Both end like a
 * password sign-in, without the code step: a passkey is both factors.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const utils = trpc.useUtils()
  // Drawn from the server on: nearly every browser has passkeys, and a late button would move the form.
  const [available, setAvailable] = useState(true)
  const [busy, setBusy] = useState(false)
  // Starts (again) the autofill's wait for a passkey; set once the browser is known to have it.
  const listenRef = useRef<(() => void) | null>(null)

  const finish = async (response: AuthenticationResponseJSON) => {
    await utils.client.auth.signInWithPasskey.mutate({ response })
    // Before the viewer is refreshed: live updates must subscribe on a socket opened with the new cookie.
    reconnectRealtime()
    await utils.auth.me.invalidate()
    toast.success('Login realizado! Vupt! 🎉', { description: 'Bem-vindo(a) de volta!' })
    onSignedIn()
  }
  const finishRef = useRef(finish)
  finishRef.current = finish

  useEffect(() => {
    setAvailable(browserHasPasskeys())
    let stopped = false
    let refresh: ReturnType<typeof setTimeout> | undefined
    const listen = async () => {
      clearTimeout(refresh)
      if (stopped) return
      const webauthn = await loadWebAuthn()
      let optionsJSON: Awaited<ReturnType<typeof utils.client.auth.passkeySignInOptions.mutate>>
      try {
        optionsJSON = await utils.client.auth.passkeySignInOptions.mutate()
      } catch {
        // Quietly: the e-mail field and the button still work, and the button says what went wrong.
        return
      }
      if (stopped) return
      refresh = setTimeout(() => void listen(), AUTOFILL_REFRESH_MS)
      let response: AuthenticationResponseJSON
      try {
        response = await webauthn.startAuthentication({ optionsJSON, useBrowserAutofill: true })
      } catch {
        // Replaced by a newer wait or by the button, or the page left: nothing to tell.
        return
      }
      clearTimeout(refresh)
      if (stopped) return
      try {
        await finishRef.current(response)
      } catch (error) {
        toastError(error, 'Erro ao entrar com a chave de acesso', { failure: TRY_LATER_DESCRIPTION })
        void listen()
      }
    }
    void browserHasPasskeyAutofill().then((autofill) => {
      if (!autofill || stopped) return
      listenRef.current = () => void listen()
      void listen()
    })
    return () => {
      stopped = true
      listenRef.current = null
      clearTimeout(refresh)
      // The browser keeps a pending autofill request until it is cancelled.
      void loadWebAuthn().then((webauthn) => webauthn.WebAuthnAbortService.cancelCeremony())
    }
  }, [utils])

  const signIn = async () => {
    setBusy(true)
    try {
      const webauthn = await loadWebAuthn()
      let optionsJSON: Awaited<ReturnType<typeof utils.client.auth.passkeySignInOptions.mutate>>
      try {
        optionsJSON = await utils.client.auth.passkeySignInOptions.mutate()
      } catch (error) {
        toastError(error, 'Erro ao entrar com a chave de acesso', { failure: TRY_LATER_DESCRIPTION })
        return
      }
      let response: AuthenticationResponseJSON
      try {
        // Takes the place of the autofill's wait, which starts again below if this one fails.
        response = await webauthn.startAuthentication({ optionsJSON })
      } catch (error) {
        const failure = passkeyPromptFailure(error, false)
        if (failure) toast.error(failure.title, { description: failure.description })
        listenRef.current?.()
        return
      }
      try {
        await finish(response)
      } catch (error) {
        toastError(error, 'Erro ao entrar com a chave de acesso', { failure: TRY_LATER_DESCRIPTION })
        listenRef.current?.()
      }
    } finally {
      setBusy(false)
    }
  }

  if (!available) return null
  return (
    <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={() => void signIn()}>
      <KeyRoundIcon aria-hidden="true" />
      {busy ? 'Aguardando a chave de acesso...' : 'Entrar com chave de acesso'}
    </Button>
  )
}
