import { routes } from '@shared/routes'
import { ArrowLeftIcon } from 'lucide-react'
import { useState } from 'react'
import { LoadingStatus } from '@/components/loading-status'
import { QueryLoadFailed } from '@/components/query-load-failed'
import { SkeletonStack } from '@/components/skeleton-stack'
import { ButtonLink } from '@/components/ui/button-link'
import { DataCard } from '@/features/account/data-card'
import { DeleteAccountCard } from '@/features/account/delete-account-card'
import { EmailCard } from '@/features/account/email-card'
import { GoogleCard, useGoogleOutcomeToast } from '@/features/account/google-card'
import { PasskeysCard } from '@/features/account/passkeys-card'
import { PasswordCard } from '@/features/account/password-card'
import { useReauth } from '@/features/account/reauth'
import { SessionsCard } from '@/features/account/sessions-card'
import { TwoFactorCard } from '@/features/account/two-factor-card'
import { useViewer } from '@/lib/auth'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

/** Minha Conta → Segurança e privacidade (`/minha-conta/seguranca`, signed in). */
export function SecurityPage() {
  usePageTitle('Segurança e privacidade')
  useGoogleOutcomeToast()
  const { viewer } = useViewer()
  const security = trpc.account.security.useQuery()
  const reauth = useReauth(security.data)
  const [passwordFormOpen, setPasswordFormOpen] = useState(false)
  const [deleteOpen, setDeleteOpen] = useState(false)

  const data = security.data
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8">
      <header className="grid gap-2">
        <ButtonLink href={routes.myAccount()} variant="ghost" size="sm" className="justify-self-start">
          <ArrowLeftIcon aria-hidden="true" />
          Minha Conta
        </ButtonLink>
        <h1 className="font-bold text-2xl">Segurança e privacidade</h1>
        <p className="text-muted-foreground">
          Como você entra no Vupt, onde sua conta está conectada e o que fazer com os seus dados.
        </p>
      </header>

      {data ? (
        <>
          <PasswordCard
            email={data.email}
            hasPassword={data.hasPassword}
            formOpen={passwordFormOpen}
            onFormOpenChange={setPasswordFormOpen}
          />
          <EmailCard email={data.email} run={reauth.run} />
          <GoogleCard google={data.google} hasPassword={data.hasPassword} run={reauth.run} />
          <TwoFactorCard
            enabled={data.twoFactorEnabled}
            recoveryCodesLeft={data.recoveryCodesLeft}
            email={data.email}
            hasPasskey={data.passkeys.length > 0}
            isAdmin={viewer?.isAdmin ?? false}
            run={reauth.run}
          />
          <PasskeysCard
            passkeys={data.passkeys}
            twoFactorEnabled={data.twoFactorEnabled}
            isAdmin={viewer?.isAdmin ?? false}
            run={reauth.run}
          />
          <SessionsCard sessions={data.sessions} />
          <DataCard />
          <DeleteAccountCard
            hasPassword={data.hasPassword}
            open={deleteOpen}
            onOpenChange={(open) => {
              // The deletion dialog's 'Senha' must be the only field of that name on the page.
              if (open) setPasswordFormOpen(false)
              setDeleteOpen(open)
            }}
          />
          {reauth.dialog}
        </>
      ) : security.error ? (
        <QueryLoadFailed query={security} fallback="Erro ao carregar suas configurações" />
      ) : (
        <SecuritySkeleton />
      )}
    </div>
  )
}

function SecuritySkeleton() {
  return (
    <div className="grid gap-6">
      <LoadingStatus>Carregando suas configurações...</LoadingStatus>
      {[0, 1, 2, 3].map((key) => (
        <SkeletonStack
          key={key}
          className="grid gap-3 rounded-xl border p-6"
          shapes={['h-5 w-40', 'h-4 w-full', 'h-10 w-36']}
        />
      ))}
    </div>
  )
}

export default SecurityPage
