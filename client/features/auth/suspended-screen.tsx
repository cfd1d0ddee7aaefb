import { ShieldOffIcon } from 'lucide-react'
import type { Viewer } from '@/lib/auth'
import { appConfig } from '@/lib/config'
import { formatDateTime } from '@/lib/dates'
import { usePageTitle } from '@/lib/use-page-title'
import { AccountGateScreen } from './account-gate-screen'

/** Shown instead of the whole app while a moderator's suspension is in force: why, and until when. */
export function SuspendedScreen({ suspension }: { suspension: NonNullable<Viewer['suspension']> }) {
  usePageTitle('Conta suspensa')
  return (
    <AccountGateScreen
      icon={ShieldOffIcon}
      tone="destructive"
      title="Sua conta está suspensa"
      description={
        <>
          A moderação suspendeu sua conta até <strong>{formatDateTime(suspension.endsAt)}</strong>. Depois
          disso, o acesso volta sozinho.
        </>
      }
      contentClassName="grid gap-2 text-sm"
    >
      <p>
        <span className="font-medium">Motivo:</span> {suspension.reason}
      </p>
      <p className="text-muted-foreground">
        Se você acha que houve um engano, escreva para{' '}
        <a className="underline" href={`mailto:${appConfig().supportEmail}`}>
          {appConfig().supportEmail}
        </a>
        .
      </p>
    </AccountGateScreen>
  )
}
