import { routes } from '@shared/routes'
import { Brush, GraduationCap, Handshake, type LucideIcon, Recycle, ShieldCheck, Users } from 'lucide-react'
import { Link } from 'wouter'
import { LabelledSection } from '@/components/labelled-section'
import { StatFigure } from '@/components/page/stat-figure'
import { Button } from '@/components/ui/button'
import { useCommunity } from '@/lib/community'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

type Figure = { value: number | undefined; singular: string; plural: string }

type Pillar = { icon: LucideIcon; verb: string; title: string; text: string }

const pillars: Pillar[] = [
  {
    icon: Brush,
    verb: 'Crie',
    title: 'Criações',
    text: 'Arte, artesanato, roupas, doces e tudo o que você produz. O campus é a sua vitrine.',
  },
  {
    icon: Handshake,
    verb: 'Compartilhe',
    title: 'Serviços',
    text: 'Aulas particulares, monitorias, design, fotografia: compartilhe o que você sabe fazer.',
  },
  {
    icon: Recycle,
    verb: 'Desapegue',
    title: 'Desapegos',
    text: 'Livros, calculadoras, jalecos e móveis ganham uma nova vida com outro estudante.',
  },
]

const values: Pillar[] = [
  {
    icon: ShieldCheck,
    verb: 'Segurança',
    title: 'Comunidade fechada',
    text: 'Só estudantes verificados da universidade participam, e a moderação acompanha de perto.',
  },
  {
    icon: Users,
    verb: 'Proximidade',
    title: 'Negócios no campus',
    text: 'Você negocia com colegas e combina a entrega no lugar onde já passa todos os dias.',
  },
  {
    icon: GraduationCap,
    verb: 'Economia',
    title: 'Feito para estudantes',
    text: 'Material mais barato para quem compra e uma renda extra para quem vende.',
  },
]

export function SobrePage() {
  usePageTitle('Sobre')
  // The community's own counts, the ones the landing page shows: nothing here is a round guess.
  const communitySlug = useCommunity().community?.slug
  const stats = trpc.listings.stats.useQuery(communitySlug ? { communitySlug } : undefined)
  const figures: Figure[] = [
    { value: stats.data?.listings, singular: 'anúncio no ar', plural: 'anúncios no ar' },
    { value: stats.data?.sellers, singular: 'estudante anunciando', plural: 'estudantes anunciando' },
    { value: stats.data?.communities, singular: 'comunidade no Vupt', plural: 'comunidades no Vupt' },
  ]
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <header className="relative overflow-hidden rounded-2xl border bg-card px-6 py-10 text-center shadow-sm sm:py-14">
        <span aria-hidden="true" className="absolute inset-x-0 top-0 h-1.5 bg-community-gradient" />
        <p className="font-medium text-primary text-sm uppercase tracking-widest">Sobre o Vupt</p>
        <h1 className="mt-3 font-extrabold text-4xl tracking-tight sm:text-5xl">
          Crie, compartilhe, desapegue.
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-muted-foreground sm:text-lg">
          O Vupt é o marketplace fechado da sua universidade: um lugar seguro para estudantes comprarem,
          venderem, trocarem serviços e se encontrarem em eventos, sem sair do campus.
        </p>
      </header>

      <LabelledSection
        id="sobre-numeros"
        title="O Vupt em números"
        className="mt-10"
        headingClassName="sr-only"
      >
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-busy={stats.isLoading}>
          {figures.map((figure) => (
            <div
              key={figure.plural}
              className="flex flex-col gap-1 rounded-xl border bg-card p-6 text-center shadow-sm"
            >
              <dt className="text-muted-foreground text-sm">
                {figure.value === 1 ? figure.singular : figure.plural}
              </dt>
              <dd className="order-first flex h-10 items-center justify-center font-bold text-4xl text-primary tabular-nums tracking-tight">
                <StatFigure value={figure.value} failed={stats.isError} skeletonClassName="h-9 w-16" />
              </dd>
            </div>
          ))}
        </dl>
      </LabelledSection>

      <PillarsSection id="sobre-proposta" title="Três jeitos de participar" pillars={pillars} />

      <PillarsSection id="sobre-valores" title="O que nos move" pillars={values} />

      <LabelledSection
        id="sobre-privacidade"
        title="Privacidade e registros de acesso"
        className="mx-auto mt-14 max-w-3xl rounded-xl border bg-card p-6 shadow-sm"
        headingClassName="font-semibold text-xl"
      >
        <p className="mt-3 text-muted-foreground leading-relaxed">
          Como exige o Marco Civil da Internet (art. 15), o Vupt guarda em sigilo, por seis meses, a data, a
          hora e o endereço IP de cada login e do uso de cada sessão (no máximo um registro por sessão a cada
          hora). Depois desse prazo eles são apagados automaticamente. Os registros ficam fora do alcance dos
          moderadores, só são entregues por ordem judicial e aparecem numa seção própria da exportação dos
          seus dados, em Minha Conta.
        </p>
        <p className="mt-3 text-muted-foreground leading-relaxed">
          Quando você exclui a conta, seu perfil, anúncios, eventos, favoritos, presenças, bloqueios e
          avaliações são apagados na hora. Ficam, como de “Conta removida” e sem fotos, as mensagens que você
          enviou e as entregas e ofertas passadas na conversa da outra pessoa, e as denúncias que você fez
          continuam com a moderação. Os registros de acesso seguem a regra acima: seis meses e depois
          apagados.
        </p>
      </LabelledSection>

      <LabelledSection
        id="sobre-cta"
        title="Quer saber mais?"
        className="mt-14 flex flex-col items-center gap-4 text-center"
        headingClassName="font-semibold text-xl"
      >
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link href={routes.howItWorks()}>Veja como funciona</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href={routes.faq()}>Perguntas frequentes</Link>
          </Button>
        </div>
      </LabelledSection>
    </div>
  )
}

/** A row of cards under a centred heading: the ways to take part, what moves the Vupt. */
function PillarsSection({ id, title, pillars }: { id: string; title: string; pillars: Pillar[] }) {
  return (
    <LabelledSection
      id={id}
      title={title}
      className="mt-14"
      headingClassName="text-center font-bold text-2xl tracking-tight sm:text-3xl"
    >
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {pillars.map((pillar) => (
          <PillarCard key={pillar.title} pillar={pillar} />
        ))}
      </ul>
    </LabelledSection>
  )
}

function PillarCard({ pillar }: { pillar: Pillar }) {
  const Icon = pillar.icon
  return (
    <li className="rounded-xl border bg-card p-6 shadow-sm">
      <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h3 className="mt-4 font-semibold text-lg">
        {pillar.verb}
        <span className="font-normal text-muted-foreground"> · {pillar.title}</span>
      </h3>
      <p className="mt-2 text-muted-foreground leading-relaxed">{pillar.text}</p>
    </li>
  )
}

export default SobrePage
