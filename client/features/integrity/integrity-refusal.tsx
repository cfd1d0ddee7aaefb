import { INTEGRITY_REFUSAL_TITLE, INTEGRITY_RULES_PATH } from '@shared/integrity'
import { ShieldAlertIcon } from 'lucide-react'
import { Link } from 'wouter'
import { dataOf } from '@/lib/error-data'

/** The reason a community rule gave for refusing a listing or a request, or null for any other failure. */
export function integrityRefusalOf(error: unknown): string | null {
  if (dataOf(error)?.appCode !== 'INTEGRITY_REFUSED') return null
  const message = (error as { message?: unknown }).message
  return typeof message === 'string' && message.trim() ? message.trim() : INTEGRITY_REFUSAL_TITLE
}

/** Above the refused form: why it was refused, and where the community's rules are explained. */
export function IntegrityRefusal({ reason }: { reason: string }) {
  return (
    <div
      role="alert"
      className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm"
    >
      <ShieldAlertIcon aria-hidden="true" className="row-span-3 size-5 text-destructive" />
      <p className="font-semibold">{INTEGRITY_REFUSAL_TITLE}</p>
      <p>{reason}</p>
      <Link
        href={INTEGRITY_RULES_PATH}
        className="w-fit font-medium text-primary underline-offset-4 hover:underline"
      >
        Veja o que não pode ser anunciado
      </Link>
    </div>
  )
}
