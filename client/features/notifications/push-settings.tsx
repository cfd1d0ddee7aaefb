import { EMAIL_KIND_OF_PUSH, PUSH_KIND_LABELS } from '@shared/push'
import type { EmailKind } from '@shared/safety'
import { BellRingIcon, SmartphoneIcon } from 'lucide-react'
import { QueryStates } from '@/components/query-states'
import { Button } from '@/components/ui/button'
import { DropdownMenuItem } from '@/components/ui/dropdown-menu'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/dates'
import { toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { type PushDeviceState, usePushDevice } from './push-device'

/** The steps that make Web Push possible on an iPhone: the app on the Home Screen (iOS 16.4 or newer). */
export function InstallOnIphoneSteps() {
  return (
    <div className="grid gap-2 text-sm" data-testid="ios-install-steps">
      <p>
        No iPhone e no iPad, as notificações do Vupt chegam só com o app na Tela de Início (iOS 16.4 ou mais
        novo):
      </p>
      <ol className="grid list-decimal gap-1 pl-5">
        <li>No Safari, toque em Compartilhar (o quadrado com a seta para cima).</li>
        <li>Escolha "Adicionar à Tela de Início" e confirme em "Adicionar".</li>
        <li>Abra o Vupt pelo ícone novo e ative as notificações aqui.</li>
      </ol>
    </div>
  )
}

const STATE_TEXT: Record<Exclude<PushDeviceState, 'checking' | 'ios-install'>, string> = {
  unsupported:
    'Este navegador não recebe notificações de sites. No celular, use o Chrome, o Firefox ou o Samsung Internet; no computador, qualquer navegador atual.',
  denied:
    'As notificações do Vupt estão bloqueadas neste navegador. Libere em Configurações do site (o cadeado ao lado do endereço) e volte aqui.',
  off: 'Receba avisos de mensagens, ofertas e entregas mesmo com o Vupt fechado.',
  on: 'Este aparelho recebe as notificações que você escolheu abaixo.',
}

/**
 * The bell's entry for push on this device: turns it on with the member's tap, or points to the
 * settings (the iPhone steps, a blocked permission, the choices per kind).
 */
export function PushMenuItem({ onSettings }: { onSettings: () => void }) {
  const { state, busy, enable } = usePushDevice()
  if (state === 'checking' || state === 'unsupported') return null
  if (state === 'off') {
    return (
      <DropdownMenuItem disabled={busy} onSelect={() => void enable()}>
        <BellRingIcon aria-hidden="true" />
        Ativar notificações neste aparelho
      </DropdownMenuItem>
    )
  }
  return (
    <DropdownMenuItem onSelect={onSettings}>
      <BellRingIcon aria-hidden="true" />
      {state === 'on'
        ? 'Notificações ativas neste aparelho: ajustar'
        : state === 'ios-install'
          ? 'Notificações no iPhone: como ativar'
          : 'Notificações bloqueadas no navegador: como liberar'}
    </DropdownMenuItem>
  )
}

/** Turns push on or off on this device; the browser's permission prompt comes only after the tap. */
export function PushDeviceControl({ compact = false }: { compact?: boolean }) {
  const { state, busy, enable, disable } = usePushDevice()
  if (state === 'checking')
    return <Skeleton className="h-9" role="status" aria-label="Verificando notificações" />
  if (state === 'ios-install') return <InstallOnIphoneSteps />
  return (
    <div className={compact ? 'grid gap-2' : 'flex flex-wrap items-center justify-between gap-3'}>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {STATE_TEXT[state]}
      </p>
      {state === 'off' ? (
        <Button size="sm" disabled={busy} onClick={() => void enable()}>
          <BellRingIcon aria-hidden="true" />
          {busy ? 'Ativando…' : 'Ativar notificações neste aparelho'}
        </Button>
      ) : state === 'on' ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void disable()}>
          {busy ? 'Desativando…' : 'Desativar neste aparelho'}
        </Button>
      ) : null}
    </div>
  )
}

function DevicesList() {
  const utils = trpc.useUtils()
  const devices = trpc.notifications.pushDevices.useQuery()
  const remove = trpc.notifications.removePushDevice.useMutation({
    onSuccess: () => void utils.notifications.pushDevices.invalidate(),
    onError: (error) => toastError(error, 'Erro ao remover aparelho'),
  })
  return (
    <div className="grid gap-2">
      <h3 className="font-medium text-sm">Aparelhos com notificações</h3>
      <QueryStates
        query={devices}
        loading={<Skeleton className="h-8" role="status" aria-label="Carregando aparelhos" />}
        failed={<p className="text-destructive text-sm">Erro ao carregar aparelhos.</p>}
        empty={<p className="text-muted-foreground text-sm">Nenhum aparelho recebe notificações.</p>}
      >
        {(list) => (
          <ul className="grid gap-2">
            {list.map((device) => (
              <li key={device.id} className="flex items-center justify-between gap-3 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <SmartphoneIcon aria-hidden="true" className="size-4 shrink-0" />
                  <span className="min-w-0 truncate">
                    {device.label}
                    {device.current ? ' · este aparelho' : ''}
                    <span className="text-muted-foreground"> · desde {formatDate(device.createdAt)}</span>
                  </span>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: device.id })}
                  aria-label={`Remover ${device.label}`}
                >
                  Remover
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </div>
  )
}

function ChannelsTable() {
  const utils = trpc.useUtils()
  const push = trpc.notifications.pushPreferences.useQuery()
  const emails = trpc.notifications.emailPreferences.useQuery()
  // The box changes at the tap; a refusal puts it back as the server has it.
  const setPush = trpc.notifications.setPushPreference.useMutation({
    onMutate: ({ kind, enabled, preview }) =>
      utils.notifications.pushPreferences.setData(undefined, (rows) =>
        rows?.map((row) =>
          row.kind === kind
            ? { ...row, enabled: enabled ?? row.enabled, preview: preview ?? row.preview }
            : row,
        ),
      ),
    onError: (error) => toastError(error, 'Erro ao salvar preferência'),
    onSettled: () => void utils.notifications.pushPreferences.invalidate(),
  })
  const setEmail = trpc.notifications.setEmailPreference.useMutation({
    onMutate: ({ kind, enabled }) =>
      utils.notifications.emailPreferences.setData(undefined, (rows) =>
        rows?.map((row) => (row.kind === kind ? { ...row, enabled } : row)),
      ),
    onError: (error) => toastError(error, 'Erro ao salvar preferência'),
    onSettled: () => void utils.notifications.emailPreferences.invalidate(),
  })
  const busy = setPush.isPending || setEmail.isPending
  const both = {
    data: push.data && emails.data ? { push: push.data, emails: emails.data } : undefined,
    error: push.error ?? emails.error,
    isPending: push.isPending || emails.isPending,
    isError: push.isError || emails.isError,
    isFetching: push.isFetching || emails.isFetching,
    refetch: () => Promise.all([push.refetch(), emails.refetch()]),
  }
  return (
    <QueryStates
      query={both}
      loading={
        <div role="status" aria-label="Carregando preferências" className="grid gap-2">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      }
      failed={<p className="text-destructive text-sm">Erro ao carregar preferências.</p>}
    >
      {(data) => {
        const emailOn = new Map<EmailKind, boolean>(data.emails.map((row) => [row.kind, row.enabled]))
        return (
          <div className="min-w-0 overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">O que chega por cada canal</caption>
              <thead>
                <tr className="text-left text-muted-foreground text-xs">
                  <th scope="col" className="px-2 py-1 font-medium">
                    Aviso
                  </th>
                  <th scope="col" className="px-2 py-1 text-center font-medium">
                    No app
                  </th>
                  <th scope="col" className="px-2 py-1 text-center font-medium">
                    E-mail
                  </th>
                  <th scope="col" className="px-2 py-1 text-center font-medium">
                    Push
                  </th>
                  <th scope="col" className="px-2 py-1 text-center font-medium">
                    Mostrar prévia
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.push.map((row) => {
                  const label = PUSH_KIND_LABELS[row.kind]
                  const emailKind = EMAIL_KIND_OF_PUSH[row.kind]
                  return (
                    <tr key={row.kind} className="border-t">
                      <th scope="row" className="px-2 py-2 text-left font-normal">
                        {label}
                      </th>
                      <td className="px-2 py-2 text-center">
                        <span aria-hidden="true">✓</span>
                        <span className="sr-only">
                          {row.kind === 'chat_message' ? 'sempre, na caixa de entrada' : 'sempre, no sino'}
                        </span>
                      </td>
                      <td className="px-2 py-2 text-center">
                        {emailKind ? (
                          <input
                            type="checkbox"
                            className="size-4 accent-primary"
                            aria-label={`E-mail: ${label}`}
                            checked={emailOn.get(emailKind) ?? true}
                            disabled={busy}
                            onChange={(event) =>
                              setEmail.mutate({ kind: emailKind, enabled: event.target.checked })
                            }
                          />
                        ) : (
                          <span className="text-muted-foreground">—</span>
                        )}
                      </td>
                      <td className="px-2 py-2 text-center">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          aria-label={`Push: ${label}`}
                          checked={row.enabled}
                          disabled={busy}
                          onChange={(event) =>
                            setPush.mutate({ kind: row.kind, enabled: event.target.checked })
                          }
                        />
                      </td>
                      <td className="px-2 py-2 text-center">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          aria-label={`Mostrar prévia: ${label}`}
                          checked={row.preview}
                          disabled={busy || !row.enabled}
                          onChange={(event) =>
                            setPush.mutate({ kind: row.kind, preview: event.target.checked })
                          }
                        />
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )
      }}
    </QueryStates>
  )
}

/**
 * Minha Conta → Notificações: push on this device, the devices that receive it, and per kind what comes
 * in the app, by e-mail and by push (with or without the text on the lock screen).
 */
export function NotificationSettingsSection() {
  return (
    <section
      id="notificacoes"
      aria-labelledby="notificacoes-title"
      className="grid min-w-0 gap-4 rounded-xl border bg-card p-5"
    >
      <div className="grid gap-1">
        <h2 id="notificacoes-title" className="font-semibold text-lg">
          Notificações
        </h2>
        <p className="text-muted-foreground text-sm">
          Escolha o que chega no app, no seu e-mail e como notificação no aparelho. Com "Mostrar prévia"
          desligado, a tela de bloqueio mostra só o título.
        </p>
      </div>
      <PushDeviceControl />
      <DevicesList />
      <ChannelsTable />
    </section>
  )
}
