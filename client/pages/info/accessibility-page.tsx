import { routes } from '@shared/routes'
import { Mail } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { LabelledSection } from '@/components/labelled-section'
import { Button } from '@/components/ui/button'
import { LIBRAS_PRIVACY_TEXT } from '@/features/libras/libras-toggle'
import { BarrierReportButton } from '@/features/safety/barrier-report-button'
import { useViewer } from '@/lib/auth'
import { appConfig } from '@/lib/config'
import { usePageTitle } from '@/lib/use-page-title'

const REVIEWED_ON = 'novembro de 2026'

const tested = [
  'Verificação automática com axe-core em todas as páginas (visitante, membro, moderação, administração e tela de espera) e nos diálogos abertos, em largura de celular (375 px) e de computador (1280 px), com as regras WCAG 2.0, 2.1 e 2.2 níveis A e AA.',
  'Largura de 320 px (equivalente a 400% de zoom) em todas as páginas, sem rolagem horizontal.',
  'Fluxos feitos só com o teclado, sem mouse: entrar com verificação em duas etapas, anunciar com duas fotos e trocar a ordem delas, buscar e filtrar, enviar mensagem no chat, confirmar presença num evento e aprovar um membro no painel.',
  'Foco sempre visível e nunca escondido pela barra do topo ou pelo botão flutuante; diálogos que prendem o foco e o devolvem ao fechar; link "Pular para o conteúdo".',
  'Título próprio em cada página, idioma pt-BR, avisos e mensagens novas anunciados por leitores de tela, erros de formulário ligados aos campos, animações desligadas quando o sistema pede menos movimento.',
]

const limitations = [
  'O VLibras é um serviço do governo federal: quando ativado, o avatar e a tradução funcionam como o serviço oferece, fora do controle do Vupt, e dependem da conexão com vlibras.gov.br.',
  'Fotos de anúncios e eventos são enviadas pelos estudantes: o texto alternativo diz o título do anúncio e a posição da foto, não o que a imagem mostra.',
  'Os testes com leitores de tela reais (NVDA, VoiceOver, TalkBack) ainda não foram feitos de forma sistemática; os testes automáticos não substituem pessoas.',
]

/** `/acessibilidade`: the accessibility statement (Lei 13.146/2015, art. 63). */
export function AccessibilityPage() {
  usePageTitle('Declaração de acessibilidade')
  const { viewer } = useViewer()
  return (
    <article className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-8 sm:py-12">
      <header className="grid gap-2">
        <h1 className="font-bold text-3xl tracking-tight">Declaração de acessibilidade</h1>
        <p className="text-muted-foreground">
          O Vupt é de todos os estudantes da universidade, incluindo quem é cego, tem baixa visão, é surdo ou
          navega sem mouse. A Lei Brasileira de Inclusão (Lei 13.146/2015, art. 63) pede sites acessíveis, e
          esta página diz até onde chegamos. Revisada em {REVIEWED_ON}.
        </p>
      </header>

      <StatementPart id="meta" title="Meta de conformidade">
        <p>
          Todas as páginas e fluxos do Vupt buscam atender às Diretrizes de Acessibilidade para Conteúdo Web
          (WCAG) 2.2, nível AA, do W3C, que incluem as recomendações do eMAG usadas em sites públicos
          brasileiros.
        </p>
      </StatementPart>

      <StatementPart id="testes" title="O que testamos e como">
        <p>A cada mudança no código, testes automáticos num navegador real verificam:</p>
        <ul className="grid list-disc gap-2 pl-6">
          {tested.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </StatementPart>

      <StatementPart id="libras" title="Libras">
        <p>
          No rodapé de todas as páginas, o botão &quot;Acessibilidade em Libras&quot; liga o VLibras, que
          traduz os textos da página para a Língua Brasileira de Sinais. A escolha fica guardada neste
          navegador, e o mesmo botão desliga.
        </p>
        <p>{LIBRAS_PRIVACY_TEXT}</p>
      </StatementPart>

      <StatementPart id="limitacoes" title="Limitações conhecidas">
        <ul className="grid list-disc gap-2 pl-6">
          {limitations.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </StatementPart>

      <LabelledSection
        id="barreira"
        title="Encontrou uma barreira? Conte para a gente"
        className="grid gap-3 rounded-xl border bg-card p-5"
        headingClassName="font-semibold text-xl"
      >
        <p>
          Se algo no Vupt não funciona com o seu leitor de tela, teclado, zoom ou outra tecnologia, conte a
          página, o que você tentou fazer e o que usa para navegar. O relato chega à equipe de moderação como
          uma denúncia, e a resposta vem em até 24 horas nas suas notificações e em Minha Conta. Sem conta ou
          sem conseguir entrar, escreva para o suporte.
        </p>
        <div className="flex flex-wrap gap-3">
          {viewer?.approved ? <BarrierReportButton /> : null}
          <Button asChild variant={viewer?.approved ? 'outline' : 'default'}>
            <a
              href={`mailto:${appConfig().supportEmail}?subject=${encodeURIComponent('Barreira de acessibilidade')}`}
            >
              <Mail aria-hidden="true" />
              {viewer?.approved ? 'Escrever para o suporte' : 'Relatar uma barreira'}
            </a>
          </Button>
        </div>
        <p className="break-words text-sm">
          Endereço do suporte: <span className="font-medium">{appConfig().supportEmail}</span>
        </p>
        <p className="text-muted-foreground text-sm">
          Dúvidas gerais estão na{' '}
          <Link href={routes.faq()} className="underline underline-offset-4">
            Central de Ajuda
          </Link>
          .
        </p>
      </LabelledSection>
    </article>
  )
}

/** One part of the statement, under its own heading. */
function StatementPart({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <LabelledSection id={id} title={title} className="grid gap-2" headingClassName="font-semibold text-xl">
      {children}
    </LabelledSection>
  )
}

export default AccessibilityPage
