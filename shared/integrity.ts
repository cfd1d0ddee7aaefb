import { labelledValues } from './labels'
import { routes } from './routes'

/**
 * Academic integrity: what a community's word rules do with a listing or a Procura-se post whose
 * title or description matches. `refuse` never publishes it; `review` publishes it and puts it in the
 * moderation's queue (Denúncias) with the rule that matched.
 */
export const INTEGRITY_ACTION_LABELS = {
  refuse: 'Recusar a publicação',
  review: 'Publicar e enviar à moderação',
}
export const INTEGRITY_ACTIONS = labelledValues(INTEGRITY_ACTION_LABELS)
export type IntegrityAction = (typeof INTEGRITY_ACTIONS)[number]

export const INTEGRITY_PHRASE_MAX = 300
export const INTEGRITY_PHRASE_WORDS_MAX = 8
export const INTEGRITY_REASON_MIN = 10
export const INTEGRITY_REASON_MAX = 300
/** Rules one community may keep: each publication is tested against all of them. */
export const INTEGRITY_RULES_MAX = 200
/** Alternatives one word of a phrase may list with `|`. */
export const INTEGRITY_ALTERNATIVES_MAX = 25
/** Words a lone `*` in a phrase may stand for. */
export const INTEGRITY_GAP_WORDS = 3

/** The refusal's title, in the error catalogue and above the form that was refused. */
export const INTEGRITY_REFUSAL_TITLE = 'Isto não pode ser publicado no Vupt'

/** Where a refusal sends the member: the FAQ's answer about what may not be sold. */
export const INTEGRITY_RULES_PATH = `${routes.faq()}#integridade-academica`

const WORD = /^[a-z0-9]+$/

/**
 * Text as the rules read it: lower case, without accents, every run of punctuation or spacing one space,
 * and a spelled-out word ('t c c', 'T.C.C.', three or more single letters in a row) written together.
 */
export function normalizeIntegrityText(text: string): string {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  const joined: string[] = []
  let letters: string[] = []
  const flush = () => {
    if (letters.length >= 3) joined.push(letters.join(''))
    else joined.push(...letters)
    letters = []
  }
  for (const word of words) {
    if (word.length === 1) letters.push(word)
    else {
      flush()
      joined.push(word)
    }
  }
  flush()
  return joined.join(' ')
}

/** One word of a phrase folded like the text, its ending `*` kept. */
function normalizeAlternative(alternative: string): string {
  const star = alternative.endsWith('*')
  const word = normalizeIntegrityText(star ? alternative.slice(0, -1) : alternative).replace(/ /g, '')
  return star && word ? `${word}*` : word
}

/** A phrase as it is stored and compared: folded like the text, `*` and `|` kept. */
export function normalizeIntegrityPhrase(phrase: string): string {
  return phrase
    .replace(/\s*\|\s*/g, '|')
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => {
      if (token === '*') return '*'
      return token.split('|').map(normalizeAlternative).filter(Boolean).join('|')
    })
    .filter(Boolean)
    .join(' ')
}

/** Why a normalized phrase cannot be a rule, in Portuguese; null when it can. */
export function integrityPhraseProblem(phrase: string): string | null {
  const tokens = phrase.split(' ').filter(Boolean)
  const words = tokens.filter((token) => token !== '*')
  if (words.length === 0) return 'Escreva ao menos uma palavra'
  if (tokens.length > INTEGRITY_PHRASE_WORDS_MAX) return 'Use no máximo 8 palavras'
  if (tokens[0] === '*' || tokens.at(-1) === '*') return 'Um * sozinho só pode ficar entre duas palavras'
  if (tokens.some((token, index) => token === '*' && tokens[index + 1] === '*')) {
    return 'Use um * sozinho por vez'
  }
  const alternatives = words.map((word) => word.split('|').map((one) => one.replace(/\*$/, '')))
  if (!alternatives.flat().every((one) => WORD.test(one))) return 'Use só letras, números, * e |'
  if (alternatives.some((ones) => ones.length > INTEGRITY_ALTERNATIVES_MAX)) {
    return 'Use no máximo 25 alternativas separadas por | numa palavra'
  }
  // Each choice of the alternatives must hold a word of 3 letters or more: 'de' alone catches everything.
  if (alternatives.every((ones) => ones.some((one) => one.length < 3))) {
    return 'A frase precisa de uma palavra com 3 letras ou mais'
  }
  return null
}

/**
 * The test of one normalized phrase against normalized text: each word whole (`palavra*`, any
 * ending; `uma|outra`, either), a lone `*` standing for up to three words. Two words in a row also
 * match written together ('seutcc'), as long as the whole match still starts and ends a word.
 */
export function compileIntegrityPhrase(phrase: string): (text: string) => boolean {
  const tokens = phrase.split(' ').filter(Boolean)
  let pattern = ''
  for (const token of tokens) {
    if (token === '*') {
      pattern += `(?: [a-z0-9]+){0,${INTEGRITY_GAP_WORDS}} `
      continue
    }
    const choices = token
      .split('|')
      .map((one) => (one.endsWith('*') ? `${one.slice(0, -1)}[a-z0-9]*?` : one))
      .join('|')
    if (pattern && !pattern.endsWith(' ')) pattern += ' ?'
    pattern += `(?:${choices})`
  }
  const test = new RegExp(`(?:^| )${pattern}(?= |$)`)
  return (text) => test.test(text)
}
