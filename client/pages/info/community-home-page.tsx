import { routes } from '@shared/routes'
import { ArrowRight, CalendarDays, CircleHelp, type LucideIcon, ShoppingBag, UserPlus } from 'lucide-react'
import { Link } from 'wouter'
import { LabelledSection } from '@/components/labelled-section'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { useViewer } from '@/lib/auth'
import { useCommunity } from '@/lib/community'
import { lazyPage } from '@/lib/lazy-page'
import { usePageTitle } from '@/lib/use-page-title'

// Members with a course only: its code stays out of a visitor's first download.
const MyCourseShelf = lazyPage('features/listings/my-course-shelf.tsx', () =>
  import('@/features/listings/my-course-shelf').then((module) => ({ default: module.MyCourseShelf })),
)

type Shortcut = { href: string; icon: LucideIcon; title: string; text: string }

const shortcuts: Shortcut[] = [
  {
    href: routes.portal(),
    icon: ShoppingBag,
    title: 'Portal de Vendas',
    text: 'Criações, serviços e desapegos de quem estuda com você.',
  },
  {
    href: routes.events(),
    icon: CalendarDays,
    title: 'Eventos',
    text: 'Festas, feiras e encontros organizados pela comunidade.',
  },
  {
    href: routes.howItWorks(),
    icon: CircleHelp,
    title: 'Como funciona',
    text: 'Tudo o que você precisa saber para dar os primeiros passos.',
  },
]

export function CommunityHomePage() {
  const { community } = useCommunity()
  const signedIn = useViewer().viewer !== null
  usePageTitle(community ? community.name : 'Início')

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <header className="relative overflow-hidden rounded-2xl bg-primary px-6 pt-12 pb-10 text-center text-primary-foreground shadow-sm sm:px-10 sm:pt-16 sm:pb-14">
        <span aria-hidden="true" className="absolute inset-x-0 top-0 h-2 bg-community-gradient" />
        {community ? (
          <p className="font-medium text-primary-foreground/85 text-sm uppercase tracking-widest">
            Vupt {community.name}
          </p>
        ) : null}
        <h1 className="mt-3 font-extrabold text-3xl tracking-tight sm:text-5xl">
          {community ? `Boas-vindas, ${community.universityName}!` : 'Boas-vindas ao Vupt!'}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-primary-foreground/90 sm:text-lg">
          O marketplace fechado de quem estuda aqui. Crie, compartilhe, desapegue: compre e venda com
          segurança e descubra os eventos do campus.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink href={routes.portal()} size="lg" variant="secondary">
            <ShoppingBag aria-hidden="true" />
            Ir para o portal
          </ButtonLink>
          {signedIn ? null : (
            <Button
              asChild
              size="lg"
              variant="overlay"
              className="border-primary-foreground/70 text-primary-foreground hover:bg-primary-foreground/10"
            >
              <Link href={routes.auth({ aba: 'criar-conta' })}>
                <UserPlus aria-hidden="true" />
                Criar minha conta
              </Link>
            </Button>
          )}
        </div>
        {community ? null : (
          <p className="mt-6 text-primary-foreground/90 text-sm">
            Ainda não escolheu sua universidade?{' '}
            <Link href={`~${routes.communities()}`} className="font-medium underline underline-offset-4">
              Veja as comunidades
            </Link>
          </p>
        )}
      </header>

      <nav aria-label="Atalhos da comunidade" className="mt-8">
        <ul className="grid gap-4 md:grid-cols-3">
          {shortcuts.map((shortcut) => {
            const Icon = shortcut.icon
            return (
              <li key={shortcut.href}>
                <Link
                  href={shortcut.href}
                  className="group flex h-full flex-col gap-3 rounded-xl border bg-card p-6 shadow-sm outline-none transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent text-primary">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="flex items-center gap-1 font-semibold text-lg">
                    {shortcut.title}
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                    />
                  </span>
                  <span className="text-muted-foreground text-sm leading-relaxed">{shortcut.text}</span>
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>

      {signedIn ? <MyCourseShelf className="mt-10" /> : null}

      <LabelledSection
        id="inicio-cadastro"
        title="Como entrar na comunidade"
        className="mt-10 rounded-xl border border-dashed p-6 text-center"
        headingClassName="font-semibold text-lg"
      >
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground text-sm">
          {community
            ? `Cadastre-se com o seu e-mail institucional (@${community.emailDomain}). `
            : 'Cadastre-se com o seu e-mail institucional. '}
          A aprovação de novas contas normalmente leva de 24 a 48 horas.
        </p>
      </LabelledSection>
    </div>
  )
}

export default CommunityHomePage
