import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { ROOT, sourceFiles } from './source-files'

/**
 * Decision 0020: what is for sale is an "anúncio" in every text a person reads, and deleting is
 * "excluir". "produto" is left only where decision 0020 allows it: the menu labels below and addresses
 * (`/produto/12`, `/meus-produtos`, the `?produto=` parameter, `#portal-produtos`).
 */
const MENU_LABELS = ['Meus Produtos', 'Vender Produto']

/** "produto" inside an address: after or before a slash, a hyphen, `=` or `#`, or alone (a parameter's name). */
const IN_ADDRESS = /[/#=-]produtos?\b|\bprodutos?(?=[/=-])|^produto$/gi
const PRODUTO = /\bprodutos?\b/i
const DELETAR = /\bdelet(?:ar|ad[oa]s?|ando|ou)\b/i

/** Every text a person may read from a source file: string literals, template texts and JSX text. */
function textsOf(file: string): { text: string; line: number }[] {
  const source = readFileSync(join(ROOT, file), 'utf8')
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const texts: { text: string; line: number }[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      texts.push({ text: node.text, line: tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return texts
}

/** The user texts that break the rule, as `file:line: text`. */
function offendingTexts(files: string[]): string[] {
  const found: string[] = []
  for (const file of files) {
    for (const { text, line } of textsOf(file)) {
      let rest = text.replace(IN_ADDRESS, '')
      for (const label of MENU_LABELS) rest = rest.replaceAll(label, '')
      if (PRODUTO.test(rest) || DELETAR.test(rest))
        found.push(`${file}:${line}: ${text.trim().slice(0, 120)}`)
    }
  }
  return found
}

describe('vocabulary (decision 0020)', () => {
  test('no user text says "produto" outside menus and addresses, nor "deletar"', () => {
    // The client, the texts it shares with the server (error catalogue, schemas' messages, FAQ), and the
    // server's e-mails, notifications and pages.
    const files = ['client', 'shared', 'server', 'src'].flatMap(sourceFiles)
    expect(offendingTexts(files)).toEqual([])
  }, 60_000)

  test('tells an address and a menu label from a text', () => {
    expect(PRODUTO.test('Nenhum anúncio encontrado')).toBe(false)
    const probe = (text: string) =>
      PRODUTO.test(
        MENU_LABELS.reduce((rest, label) => rest.replaceAll(label, ''), text.replace(IN_ADDRESS, '')),
      )
    expect(probe('/univille/produto/12')).toBe(false)
    expect(probe('/meus-produtos')).toBe(false)
    expect(probe('produto')).toBe(false)
    expect(probe('Em Meus Produtos você renova')).toBe(false)
    expect(probe('Excluir produto?')).toBe(true)
    expect(probe('Produto não encontrado')).toBe(true)
    expect(DELETAR.test('Subcategoria deletada!')).toBe(true)
    expect(DELETAR.test('Excluir')).toBe(false)
  })
})
