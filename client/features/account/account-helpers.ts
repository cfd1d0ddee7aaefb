/** Pure helpers of Minha Conta → Segurança e privacidade (no React, no DOM: unit-tested). */

import { routes } from '@shared/routes'
import { formatDateTime } from '@/lib/dates'
import { appCodeOf } from '@/lib/errors'
import { instanceUrl } from '@/lib/instance-url'

/** The file 'Baixar meus dados' saves. */
export const EXPORT_FILE_NAME = 'meus-dados-vupt.json'
export const RECOVERY_CODES_FILE_NAME = 'codigos-de-recuperacao-vupt.txt'

/** Where the security page lives, relative to the community prefix (if any). */
export const SECURITY_PATH = routes.security()

/** The window for sensitive changes is closed: the password (or Google) must be proven again. */
export const isReauthRequired = (error: unknown): boolean => appCodeOf(error) === 'REAUTH_REQUIRED'

// Its own module, so the sign-in's lazy code check reaches it without this module's imports.
export { normalizeTwoFactorCode } from './two-factor-code'

/** `/auth/google?mode=link&from=/minha-conta/seguranca`: a full navigation, the server redirects back. */
export function googleFlowHref(mode: 'link' | 'reauth', from: string): string {
  return instanceUrl(`/auth/google?${new URLSearchParams({ mode, from })}`)
}

export type GoogleOutcome = 'vinculado' | 'confirmado' | 'reautenticar' | 'erro'
const GOOGLE_OUTCOMES: readonly string[] = ['vinculado', 'confirmado', 'reautenticar', 'erro']

/** The `?google=` the server adds when a link or reauthentication comes back. */
export function readGoogleOutcome(search: string): GoogleOutcome | null {
  const value = new URLSearchParams(search).get('google')
  return value !== null && GOOGLE_OUTCOMES.includes(value) ? (value as GoogleOutcome) : null
}

/** The query string without `google`, so a reload does not repeat the toast. */
export function withoutGoogleOutcome(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('google')
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}

/** '3 códigos de recuperação restantes'. */
export function recoveryCodesLeftLabel(count: number): string {
  if (count <= 0) return 'Nenhum código de recuperação restante'
  return count === 1 ? '1 código de recuperação restante' : `${count} códigos de recuperação restantes`
}

/** The .txt of 'Baixar códigos': who they belong to and when, then one code a line. */
export function recoveryCodesText(
  codes: readonly string[],
  { email, generatedAt, timeZone }: { email: string; generatedAt: Date; timeZone?: string },
): string {
  return [
    'Vupt — códigos de recuperação da verificação em duas etapas',
    `Conta: ${email}`,
    `Gerados em: ${formatDateTime(generatedAt, timeZone)}`,
    '',
    'Cada código funciona uma única vez, no lugar do código do app autenticador.',
    'Guarde-os em um lugar seguro: gerar novos códigos invalida estes.',
    '',
    ...codes,
    '',
  ].join('\n')
}

/** The JSON of 'Baixar meus dados', indented so a person can read it too. */
export const exportFileContent = (data: unknown): string => `${JSON.stringify(data, null, 2)}\n`
