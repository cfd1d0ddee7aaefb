import { LogOutIcon, MonitorIcon, SmartphoneIcon } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import type { RouterOutputs } from '@/lib/api-types'
import { formatDateTime, formatTimeAgo, isoDateTime } from '@/lib/dates'
import { httpStatusOf } from '@/lib/errors'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { SecuritySection } from './security-section'
import { useLocalSignOut } from './use-local-sign-out'

type ActiveSession = RouterOutputs['account']['security']['sessions'][number]

/** 'Sessões ativas': where the account is signed in; end one, or all of them (this one too). */
export function SessionsCard({ sessions }: { sessions: readonly ActiveSession[] }) {
  const utils = trpc.useUtils()
  const localSignOut = useLocalSignOut()
  const [confirmAll, setConfirmAll] = useState(false)
  const endSession = trpc.account.endSession.useMutation()
  const endAll = trpc.account.endAllSessions.useMutation()
  // The current one first: 'Este dispositivo' is what people look for.
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current))

  const end = async (session: ActiveSession) => {
    try {
      const result = await endSession.mutateAsync({ id: session.id })
      if (result.current) {
        localSignOut()
        return
      }
      toast.success('Sessão encerrada', { description: session.device })
      await utils.account.security.invalidate()
    } catch (error) {
      toastError(error, 'Erro ao encerrar a sessão')
      void utils.account.security.invalidate()
    }
  }

  const signOutEverywhere = async () => {
    try {
      await endAll.mutateAsync()
    } catch (error) {
      // Already signed out (the session ended elsewhere) is what was asked for.
      const status = httpStatusOf(error)
      if (status !== 401) {
        toastError(error, 'Erro ao sair dos dispositivos')
        return
      }
    }
    setConfirmAll(false)
    toast.success('Você saiu de todos os dispositivos', { description: 'Entre novamente para continuar.' })
    localSignOut()
  }

  return (
    <SecuritySection
      title="Sessões ativas"
      icon={<MonitorIcon className="size-5" aria-hidden="true" />}
      description="Os aparelhos e navegadores em que sua conta está conectada."
    >
      <ul className="grid divide-y rounded-md border">
        {ordered.map((session) => {
          const ending = endSession.isPending && endSession.variables?.id === session.id
          const Icon = session.device.includes('(celular)') ? SmartphoneIcon : MonitorIcon
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-3 p-3">
              <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
                  <span className="break-words">{session.device}</span>
                  {session.current ? <Badge variant="secondary">Este dispositivo</Badge> : null}
                </p>
                <p className="text-muted-foreground text-xs">
                  Último acesso:{' '}
                  <time dateTime={isoDateTime(session.lastUsedAt)} title={formatDateTime(session.lastUsedAt)}>
                    {formatTimeAgo(session.lastUsedAt)}
                  </time>
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={endSession.isPending}
                  onClick={() => void end(session)}
                >
                  {ending ? 'Encerrando...' : 'Encerrar'}
                  <span className="sr-only"> a sessão em {session.device}</span>
                </Button>
              )}
            </li>
          )
        })}
      </ul>
      <Button variant="outline" className="justify-self-start" onClick={() => setConfirmAll(true)}>
        <LogOutIcon aria-hidden="true" />
        Sair de todos os dispositivos
      </Button>
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Sair de todos os dispositivos?"
        description="Todas as sessões serão encerradas, inclusive esta. Você precisará entrar de novo em cada aparelho."
        confirmLabel="Sair de todos os dispositivos"
        busyLabel="Saindo..."
        busy={endAll.isPending}
        onConfirm={() => void signOutEverywhere()}
      />
    </SecuritySection>
  )
}
