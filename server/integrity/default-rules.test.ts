import { describe, expect, it } from 'vitest'
import { integrityPhraseProblem, normalizeIntegrityPhrase } from '../../shared/integrity'
import { DEFAULT_INTEGRITY_RULES } from './default-rules'
import { integrityVerdict } from './verdict'

const rules = DEFAULT_INTEGRITY_RULES.map((rule, index) => ({
  id: index + 1,
  ...rule,
  phrase: normalizeIntegrityPhrase(rule.phrase),
}))
const verdictOf = (title: string, description = '') => integrityVerdict(rules, [title, description]).kind

describe('regras de integridade acadêmica padrão', () => {
  it('toda regra padrão é uma frase válida e já normalizada', () => {
    for (const rule of DEFAULT_INTEGRITY_RULES) {
      expect(normalizeIntegrityPhrase(rule.phrase)).toBe(rule.phrase)
      expect(integrityPhraseProblem(rule.phrase), rule.phrase).toBeNull()
    }
  })

  it.each([
    'Faço seu TCC',
    'faço o seu tcc rapidinho',
    'FAÇO SEU T.C.C. com garantia',
    'faco   seu    tcc',
    'Faço-seu-TCC',
    'faço seutcc',
    'Escrevo sua monografia em 15 dias',
    'Fazemos TCC e artigos',
    'Trabalhos prontos de Direito',
    'trabalho pronto de sociologia',
    'TCC pronto, é só entregar',
    'Vendo TCC de Administração',
    'Faço seus trabalhos da faculdade',
    'Faço trabalhos acadêmicos',
    'Resolvo sua prova online',
    'resolvo a sua prova',
    'Respondo questionários do EAD',
    'Faço provas online',
    'Faço prova por você',
    'Gabarito da P2 de Cálculo',
    'Respostas da prova de Anatomia',
    'Resolvo listas de exercícios de Física',
    'Assino lista de presença',
    'Assinatura de presença por R$ 10',
    'Respondo a chamada pra você',
    'Procuro alguém que faça meu TCC',
    'Quem resolve minha prova de Cálculo?',
    'TCC sob encomenda',
  ])('recusa "%s"', (title) => {
    expect(verdictOf(title)).toBe('refuse')
  })

  it('recusa também quando a frase está na descrição', () => {
    expect(verdictOf('Serviços acadêmicos', 'Atendo todos os cursos. Faço seu TCC com sigilo.')).toBe(
      'refuse',
    )
  })

  it.each([
    'Aulas particulares de Cálculo',
    'aula particular de inglês',
    'Revisão de texto',
    'Revisão de TCC (ortografia e coesão)',
    'Formatação ABNT',
    'Monitoria de Anatomia',
    'Aulas de reforço em Química',
    'Ajuda com TCC: orientação de metodologia',
  ])('publica e envia à moderação "%s"', (title) => {
    expect(verdictOf(title)).toBe('review')
  })

  it.each([
    'Vendo livro de TCC usado',
    'Como se faz uma tese - Umberto Eco',
    'Livro Como fazer um TCC',
    'Faço trabalhos de fotografia para formaturas',
    'Cola quente à prova d’água',
    'Calculadora científica para provas',
    'Jaleco branco tamanho M',
    'Atividades prontas de alfabetização para imprimir',
    'Artigos prontos para festa',
    'Assinatura anual do Spotify',
    'Caderno de respostas de exercícios do Stewart',
    'Apostila ENEM com gabarito e provas anteriores',
    'Lista de materiais de Odontologia',
    'Kit de desenho técnico',
  ])('publica sem fila "%s"', (title) => {
    expect(verdictOf(title)).toBe('clear')
  })
})
