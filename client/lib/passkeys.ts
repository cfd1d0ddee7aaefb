/**
 * The browser side of passkeys. @simplewebauthn/browser is loaded only when a passkey is about to be
 * used (a button, or the autofill of the sign-in page after it is drawn), never with the page itself.
 */
export const loadWebAuthn = () => import('@simplewebauthn/browser')

/** Whether this browser has WebAuthn at all (false on the server and in old browsers). */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

/** Whether the browser offers passkeys in the e-mail field's autofill (conditional mediation). */
export async function browserHasPasskeyAutofill(): Promise<boolean> {
  if (!browserHasPasskeys()) return false
  const check = window.PublicKeyCredential.isConditionalMediationAvailable
  try {
    return typeof check === 'function' && (await check.call(window.PublicKeyCredential))
  } catch {
    return false
  }
}

export type PromptFailure = { title: string; description: string }

/**
 * What to tell the person when the browser's passkey prompt ends without an answer (nothing reached
 * the server); null when it was stopped on purpose (a newer prompt took its place, or the page left).
 */
export function passkeyPromptFailure(error: unknown, registering: boolean): PromptFailure | null {
  const { name, code } = (error ?? {}) as { name?: string; code?: string }
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') return null
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return {
      title: 'Chave de acesso já cadastrada',
      description: 'Este aparelho já guarda uma chave de acesso da sua conta.',
    }
  }
  if (code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT') {
    return {
      title: 'Aparelho sem bloqueio',
      description: 'Use um aparelho com PIN, digital ou reconhecimento facial para criar a chave de acesso.',
    }
  }
  if (name === 'NotAllowedError') {
    return {
      title: registering ? 'Chave de acesso não criada' : 'Chave de acesso não usada',
      description: 'O pedido foi cancelado ou o tempo acabou. Tente de novo quando quiser.',
    }
  }
  return {
    title: 'Chave de acesso indisponível',
    description: 'Não foi possível usar chaves de acesso neste navegador. Entre com e-mail e senha.',
  }
}
