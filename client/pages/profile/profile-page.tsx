import { routes } from '@shared/routes'
import { isUsername } from '@shared/username'
import {
  CalendarDaysIcon,
  GraduationCapIcon,
  PackageIcon,
  PencilIcon,
  SchoolIcon,
  UserXIcon,
} from 'lucide-react'
import { Link, useLocation, useParams } from 'wouter'
import { IconText } from '@/components/icon-text'
import { ListSection } from '@/components/labelled-section'
import { LoadingStatus } from '@/components/loading-status'
import { ItemPageStates } from '@/components/page/item-page-states'
import { SkeletonStack } from '@/components/skeleton-stack'
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { Skeleton } from '@/components/ui/skeleton'
import { ReviewSection } from '@/features/deals/review-section'
import { initialOf } from '@/features/listings/detail/seller-card'
import { ListingCard } from '@/features/listings/listing-card'
import { BlockButton } from '@/features/safety/block-button'
import { ReportButton } from '@/features/safety/report-button'
import type { RouterOutputs } from '@/lib/api-types'
import { useCommunity } from '@/lib/community'
import { formatMonthYear } from '@/lib/dates'
import { instanceUrl } from '@/lib/instance-url'
import { trpc } from '@/lib/trpc'
import { useNotFoundRedirect } from '@/lib/use-not-found-redirect'
import { usePageTitle } from '@/lib/use-page-title'

type PublicProfile = RouterOutputs['profiles']['byUsername']

/** `/perfil/:username`: a member's public profile and their live listings. */
export function ProfilePage() {
  const params = useParams<{ username: string }>()
  const username = params.username ?? ''
  // A name that cannot exist is answered here rather than with a refused request.
  const valid = isUsername(username)
  const query = trpc.profiles.byUsername.useQuery({ username }, { enabled: valid })
  const status = query.error?.data?.httpStatus
  const notFound = !valid || status === 404 || status === 400
  const profile = query.data
  usePageTitle(profile ? profile.fullName : notFound ? 'Perfil não encontrado' : 'Perfil')

  useNotFoundRedirect(notFound, 'Perfil não encontrado', 'profile-not-found')

  return (
    <ItemPageStates
      query={query}
      notFound={notFound}
      what="o perfil"
      unavailable={{
        icon: UserXIcon,
        title: 'Perfil não encontrado',
        description:
          'Este perfil não existe ou não faz parte da sua comunidade. Levando você para o início...',
        announce: true,
        backHref: `~${routes.home()}`,
        backLabel: 'Voltar para o início',
      }}
      errorTitle="Erro ao carregar perfil"
      toastId="profile-load-error"
      loading={<ProfileSkeleton />}
    >
      {(data) => <ProfileView profile={data} />}
    </ItemPageStates>
  )
}

function ProfileView({ profile }: { profile: PublicProfile }) {
  const [, navigate] = useLocation()
  const { community } = useCommunity()
  const since = formatMonthYear(profile.createdAt, community?.timeZone)
  const count = profile.listings.length
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8">
      <section className="flex flex-col gap-6 rounded-xl border bg-card p-6 sm:flex-row sm:items-start">
        <Avatar className="size-24 shrink-0 border sm:size-28">
          {profile.avatarUrl ? <AvatarImage src={instanceUrl(profile.avatarUrl)} alt="" /> : null}
          <AvatarFallback className="text-3xl">{initialOf(profile.fullName)}</AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 flex-1 gap-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid min-w-0 gap-0.5">
              <h1 className="break-words font-bold text-2xl">{profile.fullName}</h1>
              {profile.username ? <p className="text-muted-foreground">@{profile.username}</p> : null}
            </div>
            {profile.isMe ? (
              <ButtonLink href={routes.myAccount()} variant="outline">
                <PencilIcon aria-hidden="true" />
                Editar Perfil
              </ButtonLink>
            ) : (
              <div className="flex flex-wrap gap-1">
                <BlockButton
                  userId={profile.userId}
                  name={profile.fullName}
                  onBlocked={() => navigate(routes.portal(), { replace: true })}
                />
                <ReportButton targetType="user" targetId={profile.userId} />
              </div>
            )}
          </div>
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground text-sm">
            {profile.course ? (
              <IconText icon={GraduationCapIcon} as="li">
                <span className="sr-only">Curso: </span>
                {profile.course}
              </IconText>
            ) : null}
            {profile.university ? (
              <IconText icon={SchoolIcon} as="li">
                <span className="sr-only">Universidade: </span>
                {profile.university}
              </IconText>
            ) : null}
            {since ? (
              <IconText icon={CalendarDaysIcon} as="li">
                Membro desde {since}
              </IconText>
            ) : null}
          </ul>
          {profile.bio ? <p className="whitespace-pre-line break-words">{profile.bio}</p> : null}
        </div>
      </section>

      <ReviewSection reviews={profile.reviews} fullName={profile.fullName} isMe={profile.isMe} />

      <ListSection
        id="profile-listings"
        title={
          <>
            {profile.isMe ? 'Seus anúncios ativos' : 'Anúncios'}{' '}
            <span className="font-normal text-muted-foreground">({count})</span>
          </>
        }
      >
        {count === 0 ? (
          <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
            <PackageIcon className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="text-muted-foreground">
              {profile.isMe ? 'Você não tem anúncios ativos no momento.' : 'Nenhum anúncio ativo no momento.'}
            </p>
            {profile.isMe ? (
              <Button asChild>
                <Link href={routes.sell()}>Publicar um anúncio</Link>
              </Button>
            ) : null}
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
            {profile.listings.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} />
              </li>
            ))}
          </ul>
        )}
      </ListSection>
    </div>
  )
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8">
      <LoadingStatus>Carregando perfil...</LoadingStatus>
      <div className="flex flex-col gap-6 rounded-xl border p-6 sm:flex-row">
        <Skeleton className="size-24 shrink-0 rounded-full sm:size-28" />
        <SkeletonStack
          className="grid flex-1 content-start gap-3"
          shapes={['h-7 w-56', 'h-4 w-32', 'h-4 w-72 max-w-full', 'h-16 w-full']}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <SkeletonStack
            key={key}
            className="grid gap-2"
            shapes={['aspect-square w-full rounded-xl', 'h-4 w-3/4', 'h-5 w-1/3']}
          />
        ))}
      </div>
    </div>
  )
}

export default ProfilePage
