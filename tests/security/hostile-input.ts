/**
 * Hostile inputs for a procedure, derived from its zod input schema (through its JSON Schema): a
 * plausible valid input first, then one change at a time — every string, number and boolean replaced
 * by something nasty — and whole inputs that are not what the procedure expects at all.
 */
import { z } from 'zod'

type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  minimum?: number
  exclusiveMinimum?: number
  maximum?: number
  pattern?: string
  format?: string
}

/** A hostile call: the input to send, or the exact JSON text when JSON.stringify cannot write it. */
export type HostileCase = { label: string; input?: unknown; json?: string }

/** Every C0 control character and DEL. */
export const CONTROL_CHARACTERS = `${Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('')}\u007f`

/** Values that pass the rules a JSON Schema cannot express (refinements), by field name. */
const FIELD_HINTS: Record<string, unknown> = {
  imageUrl: '/uploads/teste.webp',
  linkUrl: 'https://vupt.app/feira',
  communitySlug: 'univille',
  eventDate: '2031-03-15',
}

/** Values for the patterns the app's schemas use. */
const PATTERN_SAMPLES: Record<string, string> = {
  '^\\d{4}-\\d{2}-\\d{2}$': '2031-03-15',
  '^([01]\\d|2[0-3]):[0-5]\\d$': '19:30',
  '^\\d{6}$': '123456',
  '^[A-Za-z0-9_]+$': 'pessoa_teste',
}

function sampleString(node: JsonSchema): string {
  if (node.format === 'email') return 'pessoa.teste@univille.br'
  const patterned = node.pattern ? PATTERN_SAMPLES[node.pattern] : undefined
  if (patterned) return patterned
  const min = node.minLength ?? 0
  const text = 'Texto de teste '.repeat(Math.ceil(Math.max(min, 15) / 15)).trim()
  return text.slice(0, node.maxLength ?? text.length).padEnd(min, 'x')
}

function sampleNumber(node: JsonSchema, integer: boolean): number {
  const low = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : 1)
  const value = Math.max(low, 1)
  return Math.min(integer ? Math.ceil(value) : value, node.maximum ?? value)
}

/** A plausible valid value for the node (the first option of a union, one item of a list). */
function sample(node: JsonSchema, name?: string): unknown {
  if (name && name in FIELD_HINTS) return FIELD_HINTS[name]
  if (node.enum) return node.enum[0]
  if (node.const !== undefined) return node.const
  const options = node.anyOf ?? node.oneOf
  if (options) return sample(options.find((option) => option.type !== 'null') ?? options[0] ?? {}, name)
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(node.properties ?? {}).map(([key, child]) => [key, sample(child, key)]),
      )
    case 'array':
      return Array.from({ length: Math.max(1, node.minItems ?? 1) }, () => sample(node.items ?? {}))
    case 'string':
      return sampleString(node)
    case 'integer':
      return sampleNumber(node, true)
    case 'number':
      return sampleNumber(node, false)
    case 'boolean':
      return true
    case 'null':
      return null
    default:
      return 'Texto de teste'
  }
}

type Leaf = { path: (string | number)[]; value: string | number | boolean }

function leaves(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return [{ path, value }]
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, index]))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]))
  }
  return []
}

function replaced(root: unknown, path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path
  if (head === undefined) return value
  if (Array.isArray(root))
    return root.map((item, index) => (index === head ? replaced(item, rest, value) : item))
  const object = root as Record<string, unknown>
  return { ...object, [head]: replaced(object[head], rest, value) }
}

const nested = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown

/** Sizes that fit the transport: a query travels in the URL, a mutation in a body of at most 64 KiB. */
export type Transport = { longString: number; depth: number }
export const QUERY_TRANSPORT: Transport = { longString: 5000, depth: 300 }
export const MUTATION_TRANSPORT: Transport = { longString: 60_000, depth: 3000 }

function stringCases(transport: Transport): [string, unknown][] {
  return [
    ['NUL', 'abc\u0000def'],
    ['controles C0 e DEL', `Texto ${CONTROL_CHARACTERS} fim`],
    ['CR sozinho', 'linha\rX-INJETADO:sim'],
    ['texto longo', 'x'.repeat(transport.longString)],
    // Cherokee A, Cyrillic і, fullwidth letters, right-to-left override, zero-width characters.
    ['confusáveis', 'Ꭺdmіn ａｄｍｉｎ \u202Egnp.exe\u200B\uFEFF'],
    ['surrogate solto', 'abc\ud800'],
    ['sintaxe SQL e FTS', `' OR 1=1; -- "NEAR(a b)" * ^ %_\\`],
    ['número', 12345],
    ['objeto', { a: 'b' }],
    ['lista', ['a']],
    ['nulo', null],
  ]
}

const NUMBER_CASES: [string, unknown][] = [
  ['negativo', -1],
  ['zero', 0],
  ['fracionário', 1.5],
  ['enorme negativo', -1e308],
  ['enorme', 1e308],
  ['acima do inteiro seguro', 2 ** 53 + 2],
  ['texto', '1'],
  ['nulo', null],
  ['lista', [1]],
  ['objeto', { a: 1 }],
]

const BOOLEAN_CASES: [string, unknown][] = [
  ['texto', 'true'],
  ['número', 1],
  ['nulo', null],
]

/** Keys no schema knows, and the ones that pollute prototypes if merged into an object. */
function withUnknownKeys(base: unknown): string {
  const extra = { extra: 'x', isAdmin: true, role: 'admin', roles: ['admin'], userId: 1, communityId: 2 }
  const object = base && typeof base === 'object' && !Array.isArray(base) ? base : {}
  const json = JSON.stringify({ ...object, ...extra })
  return `{"__proto__":{"polluted":"sim"},"constructor":{"prototype":{"polluted":"sim"}},${json.slice(1)}`
}

export function hostileCases(schema: z.ZodType | undefined, transport: Transport): HostileCase[] {
  const base = schema
    ? sample(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : {}
  const cases: HostileCase[] = [{ label: 'entrada plausível', input: base }]
  for (const leaf of leaves(base)) {
    const where = leaf.path.join('.') || '(entrada)'
    const variants =
      typeof leaf.value === 'string'
        ? stringCases(transport)
        : typeof leaf.value === 'number'
          ? NUMBER_CASES
          : BOOLEAN_CASES
    for (const [label, value] of variants) {
      cases.push({ label: `${where}: ${label}`, input: replaced(base, leaf.path, value) })
    }
  }
  cases.push(
    { label: 'sem entrada', input: undefined },
    { label: 'entrada nula', input: null },
    { label: 'entrada texto com NUL', input: 'abc\u0000' },
    { label: 'entrada número negativo', input: -1 },
    { label: 'entrada lista', input: [base] },
    { label: 'objeto aninhado fundo', input: nested(transport.depth) },
    { label: 'chaves desconhecidas e __proto__', json: withUnknownKeys(base) },
    { label: '1 MB', input: { ...(typeof base === 'object' ? base : {}), grande: 'x'.repeat(1024 * 1024) } },
  )
  return cases
}
