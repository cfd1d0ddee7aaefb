import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { ROOT, sourceFiles } from './source-files'

/**
 * ARCHITECTURE.md's "Quem pode importar o quê", read off the code: each rule lists the offending
 * imports as `file → imported file`, so a failure names what to move.
 */

const ALIASES: Record<string, string> = { '@shared/': 'shared/', '@/': 'client/' }

type Import = { from: string; to: string; typeOnly: boolean }

/** The project file a specifier names, or null for a package. */
function resolveSpecifier(fromFile: string, specifier: string): string | null {
  let base: string | null = null
  if (specifier.startsWith('.')) base = join(dirname(fromFile), specifier)
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) base = folder + specifier.slice(alias.length)
  }
  if (base === null) return null
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
  const hit = candidates.find((path) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile())
  return hit ?? base
}

/** Every import, re-export and dynamic import of a file; packages keep their bare name. */
function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const found: Import[] = []
  const add = (specifier: string, typeOnly: boolean) =>
    found.push({ from: file, to: resolveSpecifier(file, specifier) ?? specifier, typeOnly })
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)))
      add(node.moduleSpecifier.text, typeOnly)
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const files = [
  ...sourceFiles('server'),
  ...sourceFiles('shared'),
  ...sourceFiles('client'),
  ...sourceFiles('src'),
]
const imports = files.flatMap(importsOf)
const show = (list: Import[]) => list.map((edge) => `${edge.from} → ${edge.to}`)

const under = (folder: string) => (path: string) => path.startsWith(folder)
const isRouter = under('server/routers/')
/** The files that compose routers into the root router. */
const ROUTER_COMPOSERS = new Set([
  'server/routers/_app.ts',
  'server/routers/admin/index.ts',
  'server/routers/deals/index.ts',
])
/** The edge of the server: the tRPC adapter, the routers, Express, and the WebSocket server. */
const isEdge = (path: string) =>
  under('server/trpc/')(path) ||
  isRouter(path) ||
  under('server/http/')(path) ||
  path === 'server/realtime/ws.ts'

describe('quem pode importar o quê (ARCHITECTURE.md)', () => {
  test('the rules read a real import graph', () => {
    // A parser that found nothing would pass every rule below.
    expect(files.length).toBeGreaterThan(200)
    expect(imports).toContainEqual({
      from: 'server/routers/_app.ts',
      to: 'server/routers/listings.ts',
      typeOnly: false,
    })
  })

  test('shared/ imports nothing else of the project', () => {
    const offending = imports.filter(
      (edge) =>
        under('shared/')(edge.from) &&
        edge.to.includes('/') &&
        !edge.to.startsWith('shared/') &&
        files.includes(edge.to),
    )
    expect(show(offending)).toEqual([])
  })

  test('a domain never imports trpc/, routers/ or http/', () => {
    const offending = imports.filter(
      (edge) =>
        under('server/')(edge.from) &&
        !isEdge(edge.from) &&
        (under('server/trpc/')(edge.to) || isRouter(edge.to) || under('server/http/')(edge.to)),
    )
    expect(show(offending)).toEqual([])
  })

  test('no router imports another router', () => {
    const offending = imports.filter(
      (edge) => isRouter(edge.from) && !ROUTER_COMPOSERS.has(edge.from) && isRouter(edge.to),
    )
    expect(show(offending)).toEqual([])
  })

  test('no router reaches the database itself (drizzle-orm or the schema)', () => {
    const offending = imports.filter(
      (edge) =>
        isRouter(edge.from) &&
        !edge.typeOnly &&
        (edge.to === 'drizzle-orm' ||
          edge.to.startsWith('drizzle-orm/') ||
          edge.to === 'server/db/schema.ts'),
    )
    expect(show(offending)).toEqual([])
  })

  test('Express reads the member through people/auth/identity, not the tRPC context', () => {
    // Only the adapter's own context, beside it, builds the tRPC context of an HTTP request.
    const offending = imports.filter(
      (edge) =>
        under('server/http/')(edge.from) &&
        edge.from !== 'server/http/trpc-context.ts' &&
        edge.to === 'server/trpc/context.ts',
    )
    expect(show(offending)).toEqual([])
  })

  test('trpc/ never imports http/: the HTTP edge depends on tRPC, not the other way', () => {
    const offending = imports.filter(
      (edge) => under('server/trpc/')(edge.from) && under('server/http/')(edge.to),
    )
    expect(show(offending)).toEqual([])
  })

  test('the client imports shared/ and only the API types of the server', () => {
    const offending = imports.filter(
      (edge) =>
        under('client/')(edge.from) &&
        (under('server/')(edge.to) || under('src/')(edge.to)) &&
        !(edge.from === 'client/lib/api-types.ts' && edge.typeOnly),
    )
    expect(show(offending)).toEqual([])
  })

  test('no import cycles among the modules that run', () => {
    const graph = new Map<string, string[]>()
    for (const edge of imports) {
      if (edge.typeOnly || !files.includes(edge.to)) continue
      graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to])
    }
    const cycles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const path: string[] = []
    const visit = (file: string) => {
      state.set(file, 'open')
      path.push(file)
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' → '))
        else if (!state.has(next)) visit(next)
      }
      path.pop()
      state.set(file, 'done')
    }
    for (const file of files) if (!state.has(file)) visit(file)
    expect(cycles).toEqual([])
  })
})
