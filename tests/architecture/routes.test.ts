import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'regexparam'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { CLIENT_ROUTES } from '../../shared/routes'
import { ROOT, sourceFiles } from './source-files'

/**
 * A link to a client page is written with a builder of `routes` (shared/routes.ts), never as a path
 * literal: a renamed route then breaks the build instead of a link. Each offending literal is listed as
 * `file:line: text`.
 */

/** Where the patterns and their builders are defined. */
const ROUTES_MODULE = 'shared/routes.ts'
/** The client's route table: its `path`s are patterns, typed by CLIENT_ROUTES. */
const ROUTE_TABLE = 'client/routes.tsx'

const patterns = CLIENT_ROUTES.map((route) => parse(route).pattern)

const PLACEHOLDER = '\u0000'

/** The text of a string or template literal, with each substitution as a placeholder. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => PLACEHOLDER + span.literal.text).join('')
  }
  return null
}

/**
 * The client path a literal writes, if any: a leading substitution is a base (`${publicUrl}`, a
 * community prefix) and `~` is wouter's way out of the router base; the query and the hash are left out.
 */
function writtenPath(text: string): string | null {
  const path = text
    .replace(new RegExp(`^${PLACEHOLDER}+`), '')
    .replace(/^~/, '')
    .split(/[?#]/)[0]
    ?.replaceAll(PLACEHOLDER, 'x')
  if (!path?.startsWith('/')) return null
  return patterns.some((pattern) => pattern.test(path)) ? path : null
}

const LINK_NAMES = /^(href|to|redirectTo|link|url|[a-z]+Href)$/
const NAVIGATING_CALLS = new Set(['navigate', 'setLocation', 'redirect', 'linkTo', 'to'])

/** Whether the literal is where a link goes: `'/'` counts only there, being also a plain separator. */
function isLinkPosition(node: ts.Node): boolean {
  let parent = node.parent
  if (parent && ts.isJsxExpression(parent)) parent = parent.parent
  if (!parent) return false
  if (ts.isJsxAttribute(parent) || ts.isPropertyAssignment(parent)) {
    return LINK_NAMES.test(parent.name.getText())
  }
  if (ts.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression)) {
    const callee = parent.expression
    const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText()
    return NAVIGATING_CALLS.has(name)
  }
  return false
}

function isRouteTablePattern(file: string, node: ts.Node): boolean {
  return (
    file === ROUTE_TABLE &&
    ts.isPropertyAssignment(node.parent) &&
    node.parent.name.getText() === 'path' &&
    node.parent.initializer === node
  )
}

/** `file:line: text` for each client route written as a literal in the source. */
function routeLiterals(file: string, text: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    const literal = literalText(node)
    const isSpecifier = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)
    if (literal !== null && !isSpecifier && !isRouteTablePattern(file, node)) {
      const path = writtenPath(literal)
      if (path !== null && (path !== '/' || isLinkPosition(node))) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
        found.push(`${file}:${line + 1}: ${node.getText(source)}`)
      }
    }
    ts.forEachChild(node, visit)
  }
  ts.forEachChild(source, visit)
  return found
}

const files = [
  ...sourceFiles('client'),
  ...sourceFiles('server'),
  ...sourceFiles('shared'),
  ...sourceFiles('src'),
]

// Read while the file loads, like the import graph next door: parsing every source outlasts a test's timeout
// on a busy machine.
const offending = files
  .filter((file) => file !== ROUTES_MODULE)
  .flatMap((file) => routeLiterals(file, readFileSync(join(ROOT, file), 'utf8')))

describe('client routes are written with their builders (shared/routes.ts)', () => {
  test('the rule finds the literals it is about, and nothing else', () => {
    const code = `navigate('/portal')
const a = <Link href="/chat">x</Link>
const b = <Link href={\`/produto/\${id}?editar=1\`}>x</Link>
const c = \`\${publicUrl}/evento/\${id}\`
const d = <Link href="~/">x</Link>
navigate('/')
const e = { link: '/minha-conta#denuncias' }
const f = location.split('/')
const g = path === '/'
const h = fetch('/api/trpc')
const i = '/uploads/x.webp'
const j = routes.listing(id)
const k = \`\${routes.chat()}/\``
    expect(routeLiterals('client/example.tsx', code)).toEqual([
      "client/example.tsx:1: '/portal'",
      'client/example.tsx:2: "/chat"',
      `client/example.tsx:3: \`/produto/\${id}?editar=1\``,
      `client/example.tsx:4: \`\${publicUrl}/evento/\${id}\``,
      'client/example.tsx:5: "~/"',
      "client/example.tsx:6: '/'",
      "client/example.tsx:7: '/minha-conta#denuncias'",
    ])
  })

  test('the route table writes patterns, which are not links', () => {
    const table = "const r = [{ path: '/produto/:id' }, { path: '/vender', denied: { redirectTo: '/' } }]"
    expect(routeLiterals(ROUTE_TABLE, table)).toEqual([`${ROUTE_TABLE}:1: '/'`])
  })

  test('client, server and shared code write no client route as a literal', () => {
    expect(files.length).toBeGreaterThan(200)
    expect(offending).toEqual([])
  })
})
