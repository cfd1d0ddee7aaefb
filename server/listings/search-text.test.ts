import Sqlite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { foldForSearch, hasEveryWord, searchWords, toFtsQuery } from './search-text'

/**
 * The walk of a common word must find exactly what FTS5 finds: the same table the portal searches
 * (trigram, remove_diacritics 1) answers each query, and the test in hand must agree row by row.
 */
const TEXTS = [
  'Cálculo I — apostila',
  'CÁLCULO VETORIAL',
  'pré-cálculo e álgebra',
  'Calculadora HP 50g',
  'Café coado na hora',
  'cafeteira italiana',
  'Açaí com granola',
  'Ação entre amigos',
  'Coração de São João',
  'Pão de queijo mineiro',
  'Jaleco branco tamanho M',
  'Violão Giannini 6 cordas',
  'Fone Bluetooth (semi-novo)',
  'Tênis Nike nº 42',
  'Química orgânica: resumos',
  'Física 1 — listas resolvidas',
  'Inglês básico / conversação',
  'Tradução técnica EN→PT',
  'mesa de estudos + cadeira',
  'Ilustração digital 🎨 sob encomenda',
  'ÉPOCA, ÚLTIMA, ÍNDICE',
  'Crème brûlée da vovó',
  'Niño e piñata',
]

const QUERIES = [
  'calculo',
  'CALC',
  'calculo apostila',
  'cafe',
  'acai',
  'acao',
  'coracao sao',
  'pao queijo',
  'jaleco',
  'violao cordas',
  'semi-novo',
  'tenis',
  'TÊNIS NIKE',
  'quimica',
  'fisica listas',
  'ingles',
  'en→pt',
  'mesa cadeira',
  '🎨 sob',
  'epoca indice',
  'creme brulee',
  'nino pinata',
  'xyz',
]

describe('a busca sem a FTS5 acha o que a FTS5 acha', () => {
  const sqlite = new Sqlite(':memory:')
  sqlite.exec("create virtual table t using fts5(title, description, tokenize='trigram remove_diacritics 1')")
  const insert = sqlite.prepare('insert into t (rowid, title, description) values (?, ?, ?)')
  // Each text once as a title and once as a description, beside an unrelated other half.
  TEXTS.forEach((text, n) => {
    insert.run(2 * n + 1, text, 'Sem mais detalhes.')
    insert.run(2 * n + 2, 'Anúncio', text)
  })
  const rows = sqlite.prepare('select rowid as id, title, description from t').all() as {
    id: number
    title: string
    description: string
  }[]
  const match = sqlite.prepare('select rowid from t where t match ? order by rowid').pluck()

  for (const query of QUERIES) {
    it(`"${query}"`, () => {
      const fts = toFtsQuery(query)
      if (!fts) throw new Error('consulta curta demais')
      const byIndex = match.all(fts) as number[]
      const words = searchWords(query).map(foldForSearch)
      const byWalk = rows
        .filter((row) => hasEveryWord(words, row.title, row.description))
        .map((row) => row.id)
      expect(byWalk).toEqual(byIndex)
    })
  }

  it('a consulta de controle acha alguma coisa (a comparação não é de listas vazias)', () => {
    expect((match.all(toFtsQuery('calculo')) as number[]).length).toBeGreaterThan(2)
  })
})
