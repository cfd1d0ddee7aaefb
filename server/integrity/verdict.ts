import { compileIntegrityPhrase, type IntegrityAction, normalizeIntegrityText } from '../../shared/integrity'

export type IntegrityRuleRow = { id: number; phrase: string; action: IntegrityAction; reason: string }

/** What the rules say of a publication: the first refusing rule, or the review rules that matched. */
export type IntegrityVerdict =
  | { kind: 'refuse'; rule: IntegrityRuleRow }
  | { kind: 'review'; rules: IntegrityRuleRow[] }
  | { kind: 'clear' }

/** Compiled phrases, by phrase: the same few hundred rules are read at every publication. */
const compiled = new Map<string, (text: string) => boolean>()
const COMPILED_MAX = 5_000

export function phraseMatcher(phrase: string): (text: string) => boolean {
  let test = compiled.get(phrase)
  if (!test) {
    test = compileIntegrityPhrase(phrase)
    if (compiled.size >= COMPILED_MAX) compiled.clear()
    compiled.set(phrase, test)
  }
  return test
}

/**
 * The rules applied to the texts of one publication (title and description, each read alone so a
 * phrase never spans the two): a refusal wins over any review.
 */
export function integrityVerdict(
  rules: readonly IntegrityRuleRow[],
  texts: readonly string[],
): IntegrityVerdict {
  const normalized = texts.map(normalizeIntegrityText).filter(Boolean)
  const matches = (rule: IntegrityRuleRow) => {
    const test = phraseMatcher(rule.phrase)
    return normalized.some((text) => test(text))
  }
  const refusing = rules.find((rule) => rule.action === 'refuse' && matches(rule))
  if (refusing) return { kind: 'refuse', rule: refusing }
  const reviewing = rules.filter((rule) => rule.action === 'review' && matches(rule))
  return reviewing.length > 0 ? { kind: 'review', rules: reviewing } : { kind: 'clear' }
}
