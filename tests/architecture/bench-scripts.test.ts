import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'
import { ROOT } from './source-files'

/**
 * A benchmark's `main()` reads as the run it makes: what it starts, measures and prints, with the
 * details in named functions of its own file or in `scripts/lib/`. Lines are counted in the function's
 * body, braces left out.
 */
const BENCH_FOLDER = 'scripts/bench'
const MAIN_LIMIT = 80

/** Lines of the body of each function named `main` in `file` (a declaration or a `const main = …`). */
function mainBodyLines(file: string, text: string): number[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const lines: number[] = []
  const measure = (body: ts.Node | undefined) => {
    if (!body || !ts.isBlock(body)) return
    const first = source.getLineAndCharacterOfPosition(body.getStart(source)).line
    const last = source.getLineAndCharacterOfPosition(body.getEnd()).line
    lines.push(Math.max(0, last - first - 1))
  }
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === 'main') measure(node.body)
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'main' &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    )
      measure(node.initializer.body)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return lines
}

const scripts = readdirSync(join(ROOT, BENCH_FOLDER)).filter((name) => name.endsWith('.ts'))

test('the benchmark folder holds the scripts', () => {
  expect(scripts.length).toBeGreaterThan(0)
})

test.each(scripts)(`${BENCH_FOLDER}/%s has one main() under ${MAIN_LIMIT} lines`, (name) => {
  const lines = mainBodyLines(name, readFileSync(join(ROOT, BENCH_FOLDER, name), 'utf8'))
  expect(lines, 'one main() per script').toHaveLength(1)
  expect(lines[0]).toBeLessThan(MAIN_LIMIT)
})

test('a main() of 80 body lines is refused, one of 79 is not', () => {
  const body = (count: number) =>
    `async function main() {\n${Array.from({ length: count }, (_, i) => `  console.log(${i})`).join('\n')}\n}\n`
  expect(mainBodyLines('a.ts', body(80))).toEqual([80])
  expect(mainBodyLines('b.ts', body(79))).toEqual([79])
  expect(mainBodyLines('c.ts', `const main = async () => {\n  work()\n}\n`)).toEqual([1])
})
