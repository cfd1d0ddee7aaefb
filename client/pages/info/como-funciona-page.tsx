import { routes } from '@shared/routes'
import {
  CalendarDays,
  Handshake,
  type LucideIcon,
  MessageCircle,
  ShoppingBag,
  Store,
  UserRoundCheck,
  Zap,
} from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import { useViewer } from '@/lib/auth'
import { usePageTitle } from '@/lib/use-page-title'

type Topic = {
  id: string
  icon: LucideIcon
  title: string
  /** The label in the table of contents. */
  shortTitle: string
  summary: string
  steps: string[]
}

const topics: Topic[] = [
  {
    id: 'cadastro',
    icon: UserRoundCheck,
    title: 'Antes de tudo: sua conta',
    shortTitle: 'Conta',
    summary: 'O Vupt é fechado para estudantes, por isso cada conta é verificada.',
    steps: [
      'Crie sua conta com o seu e-mail institucional da universidade.',
      'Confirme o e-mail pelo link que enviamos.',
      'Aguarde a aprovação, que normalmente leva de 24 a 48 horas: avisamos por e-mail e a tela de espera se abre sozinha.',
      'Com a conta aprovada, complete o seu perfil com username, universidade e curso, e pronto.',
    ],
  },
  {
    id: 'comprar',
    icon: ShoppingBag,
    title: 'Comprar',
    shortTitle: 'Comprar',
    summary: 'Encontre livros, materiais, criações e serviços de quem estuda com você.',
    steps: [
      'Navegue pelo Portal de Vendas ou busque pelo que precisa, filtrando por categoria.',
      'Abra o anúncio para ver fotos, descrição, condição e preço.',
      'Chame quem está vendendo no chat: tire dúvidas, faça uma oferta se quiser e combinem a entrega.',
      'Encontre-se num dos pontos de encontro do campus e confira o item antes de pagar.',
    ],
  },
  {
    id: 'vender',
    icon: Store,
    title: 'Vender',
    shortTitle: 'Vender',
    summary: 'Desapegue do que não usa mais ou divulgue o que você cria e sabe fazer.',
    steps: [
      'Toque em Anunciar e escolha a categoria: Criações, Serviços ou Desapegos.',
      'Adicione boas fotos, um título claro, a descrição, o preço e a condição do item.',
      'Publique e responda às mensagens dos interessados pelo chat.',
      'Depois de fechar negócio, marque o anúncio como Vendido em Meus Produtos.',
    ],
  },
  {
    id: 'entrega',
    icon: Handshake,
    title: 'Da conversa à entrega',
    shortTitle: 'Entrega',
    summary: 'Oferta, encontro num ponto seguro, código na entrega e avaliação: tudo pelo chat do anúncio.',
    steps: [
      'Na conversa sobre um anúncio, quem compra toca em "Fazer uma oferta" e propõe um valor. Quem vende aceita, recusa ou faz uma contraproposta. Cada oferta vale por 48 horas, e aceitar não muda o preço do anúncio.',
      'Em "Combinar entrega", qualquer um dos dois escolhe um dos pontos de encontro seguros do campus e sugere até três horários; o outro escolhe um deles ou propõe outros.',
      'A entrega combinada fica fixada no alto da conversa e em "Minhas entregas", com "Adicionar à agenda", e vocês recebem um lembrete uma hora antes. Quem precisar desmarcar cancela com um motivo, que os dois veem.',
      'No encontro, confira o item. A tela de quem vende mostra um código e um QR code: quem compra lê o QR code com o app de câmera de qualquer celular (iPhone ou Android), que abre o Vupt na entrega com o código preenchido, ou com "Ler QR code com a câmera" no próprio Vupt (Chrome, Safari ou Firefox), ou digita o código. A entrega fica confirmada para os dois.',
      'Com a entrega confirmada, cada um pode avaliar o outro com 1 a 5 estrelas e um comentário, em até 14 dias, e editar a avaliação nas primeiras 48 horas. Quem foi avaliado pode responder uma vez, em público.',
      'Só uma entrega confirmada pelo código permite avaliar. A média aparece no perfil e nos anúncios a partir de 3 avaliações, junto com o número de entregas confirmadas como vendedor.',
    ],
  },
  {
    id: 'vupts',
    icon: Zap,
    title: 'Vupts',
    shortTitle: 'Vupts',
    summary: 'O Vupt é a curtida da comunidade: mostra o que está em alta no campus.',
    steps: [
      'Dê um Vupt nos anúncios de que você gostou: quem vende fica sabendo.',
      'Com 10 Vupts o anúncio ganha o selo "Em alta!", e com 50, o selo "Destaque!".',
      'No portal, escolha a ordem "Mais Vupts" para ver primeiro os mais curtidos.',
      'Para acompanhar um anúncio de perto, salve-o também nos seus favoritos.',
    ],
  },
  {
    id: 'eventos',
    icon: CalendarDays,
    title: 'Eventos',
    shortTitle: 'Eventos',
    summary: 'Festas, feiras, grupos de estudo e encontros organizados por estudantes.',
    steps: [
      'Veja os próximos eventos da sua comunidade na página de Eventos.',
      'Confirme sua participação; alguns eventos têm vagas limitadas.',
      'Quer organizar algo? Cadastre o seu evento: ele é publicado depois de aprovado pela moderação.',
    ],
  },
  {
    id: 'chat',
    icon: MessageCircle,
    title: 'Chat',
    shortTitle: 'Chat',
    summary: 'Toda negociação acontece em conversas privadas, dentro do Vupt.',
    steps: [
      'Inicie uma conversa direto da página do anúncio.',
      'As mensagens chegam em tempo real e você vê quando há novidades.',
      'Mantenha a negociação no chat: assim fica um registro caso precise de ajuda do suporte.',
      'Se uma mensagem parecer golpe (Pix antes do encontro, pedido de código, link de pagamento), um aviso aparece logo abaixo dela.',
      'Use "Denunciar" em anúncios, perfis e mensagens: a moderação analisa em até 24 horas e você recebe o resultado nas notificações. Para não falar mais com alguém, use "Bloquear".',
    ],
  },
]

export function ComoFuncionaPage() {
  const signedIn = useViewer().viewer !== null
  usePageTitle('Como funciona')
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <header className="mb-10 space-y-3 text-center">
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Como funciona</h1>
        <p className="mx-auto max-w-2xl text-muted-foreground sm:text-lg">
          Primeira vez por aqui? Veja como comprar, vender, dar Vupts, participar de eventos e conversar com
          outros estudantes.
        </p>
      </header>

      <nav aria-label="Tópicos desta página" className="mb-10">
        <ul className="flex flex-wrap justify-center gap-2">
          {topics.map((topic) => (
            <li key={topic.id}>
              <a
                href={`#${topic.id}`}
                className="inline-flex h-9 items-center rounded-full border bg-card px-4 font-medium text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {topic.shortTitle}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="space-y-6">
        {topics.map((topic) => {
          const Icon = topic.icon
          return (
            <section
              key={topic.id}
              id={topic.id}
              aria-labelledby={`${topic.id}-titulo`}
              className="scroll-mt-24 rounded-xl border bg-card p-5 shadow-sm sm:p-8"
            >
              <div className="flex items-start gap-4">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-community-gradient text-white">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="space-y-1">
                  <h2 id={`${topic.id}-titulo`} className="font-semibold text-xl">
                    {topic.title}
                  </h2>
                  <p className="text-muted-foreground">{topic.summary}</p>
                </div>
              </div>
              <ol className="mt-5 space-y-3">
                {topic.steps.map((step, index) => (
                  <li key={step} className="flex gap-3">
                    <span
                      aria-hidden="true"
                      className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-primary text-xs"
                    >
                      {index + 1}
                    </span>
                    <span className="leading-relaxed">{step}</span>
                  </li>
                ))}
              </ol>
            </section>
          )
        })}
      </div>

      <section
        aria-labelledby="como-funciona-cta"
        className="relative mt-10 space-y-4 overflow-hidden rounded-xl bg-primary px-6 pt-9 pb-8 text-center text-primary-foreground"
      >
        <span aria-hidden="true" className="absolute inset-x-0 top-0 h-1.5 bg-community-gradient" />
        <h2 id="como-funciona-cta" className="font-semibold text-2xl">
          Pronto para começar?
        </h2>
        <p className="mx-auto max-w-lg text-primary-foreground/90">
          Crie sua conta com o e-mail da universidade ou dê uma olhada no que já está à venda.
        </p>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          {signedIn ? null : (
            <Button asChild size="lg" variant="secondary">
              <Link href={routes.auth({ aba: 'criar-conta' })}>Criar minha conta</Link>
            </Button>
          )}
          <Button
            asChild
            size="lg"
            variant="overlay"
            className="border-primary-foreground/70 text-primary-foreground hover:bg-primary-foreground/10"
          >
            <Link href={routes.portal()}>Explorar o portal</Link>
          </Button>
        </div>
        <p className="text-sm text-primary-foreground/90">
          Ainda com dúvidas?{' '}
          <Link href={routes.faq()} className="font-medium underline underline-offset-4">
            Veja as perguntas frequentes
          </Link>
        </p>
      </section>
    </div>
  )
}

export default ComoFuncionaPage
