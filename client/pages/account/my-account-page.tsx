import { routes } from '@shared/routes'
import { CalendarDaysIcon, HeartIcon, ShieldCheckIcon } from 'lucide-react'
import { PageHeader } from '@/components/page-header'
import { QueryLoadFailed } from '@/components/query-load-failed'
import { ButtonLink } from '@/components/ui/button-link'
import { ProfileEditor, ProfileEditorSkeleton } from '@/features/account/profile-editor'
import { BlockedMembersSection, MyReportsSection } from '@/features/account/safety-sections'
import { NotificationSettingsSection } from '@/features/notifications/push-settings'
import { ReverificationCard } from '@/features/semesters/reverification-card'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

export function MyAccountPage() {
  usePageTitle('Minha Conta')
  const me = trpc.profiles.me.useQuery()

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8">
      <PageHeader title="Minha Conta" description="Edite como os outros membros veem você.">
        <nav aria-label="Suas coisas" className="mt-2 flex flex-wrap gap-2">
          <ButtonLink href={routes.security()} variant="outline" size="sm">
            <ShieldCheckIcon aria-hidden="true" />
            Segurança e privacidade
          </ButtonLink>
          <ButtonLink href={routes.favorites()} variant="outline" size="sm">
            <HeartIcon aria-hidden="true" />
            Meus favoritos
          </ButtonLink>
          <ButtonLink href={routes.myEvents()} variant="outline" size="sm">
            <CalendarDaysIcon aria-hidden="true" />
            Meus eventos
          </ButtonLink>
        </nav>
      </PageHeader>
      {me.data ? (
        <ProfileEditor profile={me.data} />
      ) : me.error ? (
        <QueryLoadFailed query={me} fallback="Erro ao carregar seu perfil" />
      ) : (
        <ProfileEditorSkeleton />
      )}
      <ReverificationCard />
      <MyReportsSection />
      <BlockedMembersSection />
      <NotificationSettingsSection />
    </div>
  )
}

export default MyAccountPage
