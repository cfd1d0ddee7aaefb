import type { IntegrityAction } from '../../shared/integrity'

/**
 * The academic-integrity rules every community starts with (product content: a community's admins
 * edit its own copy in Admin → Integridade acadêmica). Phrases are read folded (no accents, any case,
 * punctuation as a space, 'T.C.C.' as 'tcc'): `palavra*` takes any ending, `uma|outra` either word, a
 * lone `*` up to three words in between. A refusal names what a university forbids; a review rule
 * publishes what is usually legitimate (tutoring, proofreading) and lets a moderator check it is
 * not someone else's work being done.
 */
export type DefaultIntegrityRule = { phrase: string; action: IntegrityAction; reason: string }

const WRITING_FOR_OTHERS =
  'Fazer o TCC, a monografia ou os trabalhos de outra pessoa fere a integridade acadêmica e não pode ser anunciado nem pedido no Vupt.'
const EXAM_ANSWERS =
  'Vender respostas ou gabaritos de provas, ou fazer a prova por outra pessoa, fere a integridade acadêmica e não pode ser anunciado nem pedido no Vupt.'
const ATTENDANCE =
  'Assinar a lista de presença ou responder à chamada por outra pessoa é fraude e fere a integridade acadêmica; não pode ser anunciado nem pedido no Vupt.'
const TUTORING =
  'Aulas, monitoria, revisão e formatação são permitidas; a moderação confere que o serviço não é fazer o trabalho de outra pessoa.'

/** Verbs of someone offering to do the work ('faço', 'escrevemos'). */
const OFFER = 'faco|fazemos|escrevo|escrevemos|redijo|redigimos|elaboro|elaboramos|desenvolvo|desenvolvemos'
/** Verbs of someone asking another to do it ('alguém que faça meu TCC', 'quem resolve minha prova'). */
const ASK = 'faca|facam|faz|fazem|resolva|resolve|resolvam|responda|responde|respondam|escreva|escreve'
const SOLVE = 'resolvo|resolvemos|respondo|respondemos'
const THESIS = 'tcc|tccs|monografia*|dissertacao|dissertacoes'
const COURSEWORK =
  'trabalho*|atividade*|exercicio*|relatorio*|resenha*|fichamento*|artigo*|questionario*|tcc|tccs|monografia*|prova|provas|avaliacao|avaliacoes|simulado*'
const EXAMS = 'prova|provas|avaliacao|avaliacoes|exame|exames|questionario*|quiz|quizzes'

export const DEFAULT_INTEGRITY_RULES: DefaultIntegrityRule[] = [
  // Writing someone's TCC, thesis or coursework.
  { phrase: `${OFFER} * ${THESIS}`, action: 'refuse', reason: WRITING_FOR_OTHERS },
  {
    phrase: `${OFFER} * trabalho*|atividade*|artigo*|relatorio*|resenha*|fichamento*|exercicio* * academico*|academica*|escolar*|universitario*|universitaria*|faculdade|facul`,
    action: 'refuse',
    reason: WRITING_FOR_OTHERS,
  },
  {
    phrase: `${OFFER}|${SOLVE} * seu|sua|seus|suas ${COURSEWORK}`,
    action: 'refuse',
    reason: WRITING_FOR_OTHERS,
  },
  { phrase: `${ASK} * meu|minha|meus|minhas ${COURSEWORK}`, action: 'refuse', reason: WRITING_FOR_OTHERS },
  {
    phrase: `${SOLVE}|faco|fazemos * lista|listas de exercicio*`,
    action: 'refuse',
    reason: WRITING_FOR_OTHERS,
  },
  {
    phrase: 'trabalho*|tcc|tccs|monografia*|relatorio*|resenha*|fichamento* pronto*|pronta*',
    action: 'refuse',
    reason: WRITING_FOR_OTHERS,
  },
  { phrase: 'vendo|vende|compro|venda tcc|tccs|monografia*', action: 'refuse', reason: WRITING_FOR_OTHERS },
  { phrase: 'tcc|tccs|monografia*|trabalho* sob encomenda', action: 'refuse', reason: WRITING_FOR_OTHERS },
  // Exam answers, or sitting the exam for someone.
  { phrase: `${SOLVE} * ${EXAMS}`, action: 'refuse', reason: EXAM_ANSWERS },
  {
    phrase: 'faco|fazemos prova|provas|avaliacao|avaliacoes|exame|exames online|ead',
    action: 'refuse',
    reason: EXAM_ANSWERS,
  },
  {
    phrase: 'gabarito*|resposta* da|das|de|do prova|provas|avaliacao|avaliacoes|p1|p2|p3|quiz|questionario*',
    action: 'refuse',
    reason: EXAM_ANSWERS,
  },
  { phrase: `${EXAMS} * por voce|vc`, action: 'refuse', reason: EXAM_ANSWERS },
  { phrase: 'cola|colas eletronica*', action: 'refuse', reason: EXAM_ANSWERS },
  // Attendance signatures.
  {
    phrase: 'assino|assinamos|assinar|assina|assinatura* * presenca|chamada',
    action: 'refuse',
    reason: ATTENDANCE,
  },
  { phrase: 'respondo|respondemos * chamada', action: 'refuse', reason: ATTENDANCE },
  { phrase: 'presenca|frequencia * por voce|vc', action: 'refuse', reason: ATTENDANCE },
  // Legitimate, but worth a moderator's look.
  { phrase: 'aula|aulas particular|particulares', action: 'review', reason: TUTORING },
  { phrase: 'aula|aulas * reforco', action: 'review', reason: TUTORING },
  { phrase: 'monitoria|monitorias', action: 'review', reason: TUTORING },
  {
    phrase:
      'revisao|revisoes|reviso|revisamos * texto*|tcc|tccs|monografia*|trabalho*|artigo*|redacao|redacoes',
    action: 'review',
    reason: TUTORING,
  },
  { phrase: 'formatacao|formatamos|formatar|formato * abnt', action: 'review', reason: TUTORING },
  {
    phrase: 'formatacao|formatamos|formatar * tcc|tccs|monografia*|trabalho*',
    action: 'review',
    reason: TUTORING,
  },
  { phrase: 'normas abnt', action: 'review', reason: TUTORING },
  {
    phrase: 'orientacao|consultoria|assessoria * tcc|tccs|monografia*|academica',
    action: 'review',
    reason: TUTORING,
  },
  { phrase: 'ajuda|ajudo * tcc|tccs|monografia*', action: 'review', reason: TUTORING },
  {
    phrase: 'ajuda|ajudo * trabalho*|atividade* * academico*|academica*|faculdade',
    action: 'review',
    reason: TUTORING,
  },
]
