import type { PublicCommunity } from '@shared/community'
import { ArrowRight, Mail } from 'lucide-react'
import { Link } from 'wouter'
import { LabelledSection } from '@/components/labelled-section'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { appConfig } from '@/lib/config'
import { usePageTitle } from '@/lib/use-page-title'

/** Each card shows its own community's colours, not the theme of the current page. */
function communityGradient(community: PublicCommunity) {
  return {
    backgroundImage: `linear-gradient(135deg, ${community.primaryColor}, ${community.secondaryColor})`,
  }
}

function ActiveCommunityCard({ community }: { community: PublicCommunity }) {
  return (
    <Link
      href={`~/${community.slug}`}
      className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm outline-none transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span aria-hidden="true" className="h-16 w-full" style={communityGradient(community)} />
      <span className="flex flex-1 flex-col gap-1 p-5">
        <span className="font-semibold text-lg">{community.name}</span>
        <span className="text-muted-foreground text-sm">{community.universityName}</span>
        <span className="mt-3 text-muted-foreground text-xs">
          Cadastro com e-mail @{community.emailDomain}
        </span>
        <span className="mt-4 inline-flex items-center gap-1 font-medium text-primary text-sm">
          Entrar na comunidade
          <ArrowRight
            aria-hidden="true"
            className="size-4 transition-transform group-hover:translate-x-0.5"
          />
        </span>
      </span>
    </Link>
  )
}

function UpcomingCommunityCard({ community }: { community: PublicCommunity }) {
  return (
    <div
      aria-disabled="true"
      className="flex h-full flex-col overflow-hidden rounded-xl border border-dashed bg-muted/40 text-muted-foreground"
    >
      <span
        aria-hidden="true"
        className="h-16 w-full opacity-40 grayscale"
        style={communityGradient(community)}
      />
      <div className="flex flex-1 flex-col gap-1 p-5">
        <div className="flex items-center justify-between gap-2">
          <span className="font-semibold text-foreground/70 text-lg">{community.name}</span>
          <Badge variant="secondary">Em breve</Badge>
        </div>
        <span className="text-sm">{community.universityName}</span>
      </div>
    </div>
  )
}

export function CommunityChooserPage() {
  usePageTitle('Escolha sua comunidade')
  const active = appConfig().communities.filter((community) => community.active)
  const upcoming = appConfig().communities.filter((community) => !community.active)

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <header className="mb-8 space-y-3 text-center sm:mb-10">
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Escolha sua comunidade</h1>
        <p className="mx-auto max-w-xl text-muted-foreground">
          O Vupt é um marketplace fechado: cada universidade tem a sua comunidade, só com estudantes
          verificados.
        </p>
      </header>

      {active.length + upcoming.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {active.map((community) => (
            <li key={community.slug}>
              <ActiveCommunityCard community={community} />
            </li>
          ))}
          {upcoming.map((community) => (
            <li key={community.slug}>
              <UpcomingCommunityCard community={community} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed px-6 py-10 text-center text-muted-foreground">
          Nenhuma comunidade disponível no momento.
        </p>
      )}

      <LabelledSection
        id="comunidades-contato"
        title="Sua universidade ainda não está no Vupt?"
        className="mt-10 flex flex-col items-center gap-4 rounded-xl bg-accent px-6 py-8 text-center"
        headingClassName="font-semibold text-xl"
      >
        <p className="max-w-lg text-muted-foreground text-sm">
          Conte para a gente qual é a sua universidade e ajude a trazer o Vupt para o seu campus.
        </p>
        <Button asChild>
          <a href={`mailto:${appConfig().contactEmail}`}>
            <Mail aria-hidden="true" />
            Entrar em contato
          </a>
        </Button>
      </LabelledSection>
    </div>
  )
}

export default CommunityChooserPage
