import { eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createListing, createStudent } from '../../server/db/factories'
import { rowWhere } from '../../server/db/rows'
import { listings } from '../../server/db/schema'
import { hasEveryWord } from '../../server/listings/catalog'
import { foldForSearch, searchWords, toFtsQuery } from '../../server/listings/search-text'
import { setUpTestWorld } from '../support/test-app'

/**
 * The walk of a common word must find exactly what FTS5 finds: the portal's own index (trigram,
 * remove_diacritics 1) answers each query, and the walk's test on the folded text the triggers keep
 * must agree row by row.
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
  // The end of a title and the start of its description: FTS5 never joins the two, nor may the folded text.
  'cadeirasem',
  'xyz',
]

const world = setUpTestWorld({ scope: 'file' })
const ids: number[] = []

beforeAll(async () => {
  const seller = await createStudent(world.db, { member: true })
  // Each text once as a title and once as a description, beside an unrelated other half.
  for (const text of TEXTS) {
    ids.push(createListing(world.db, { sellerId: seller.id, title: text, description: 'Sem mais detalhes.' }))
    ids.push(createListing(world.db, { sellerId: seller.id, title: 'Anúncio', description: text }))
  }
})

function byIndex(query: string): number[] {
  const fts = toFtsQuery(query)
  if (!fts) throw new Error('consulta curta demais')
  const matches = world.db.$client
    .prepare('select rowid from listings_fts where listings_fts match ? order by rowid')
    .pluck()
    .all(fts) as number[]
  return matches.filter((id) => ids.includes(id))
}

function byFoldedText(query: string): number[] {
  const words = searchWords(query).map(foldForSearch)
  const values = Object.fromEntries(words.map((word, n) => [`w${n}`, word]))
  return world.db
    .select({ id: listings.id })
    .from(listings)
    .where(sql`${inArray(listings.id, ids)} and ${hasEveryWord(words.length)}`)
    .orderBy(listings.id)
    .prepare()
    .all(values)
    .map((row) => row.id)
}

describe('a busca sem a FTS5 acha o que a FTS5 acha', () => {
  for (const query of QUERIES) {
    it(`"${query}"`, () => {
      expect(byFoldedText(query)).toEqual(byIndex(query))
    })
  }

  it('a consulta de controle acha alguma coisa (a comparação não é de listas vazias)', () => {
    expect(byIndex('calculo').length).toBeGreaterThan(2)
  })

  it('o texto dobrado acompanha a edição do título e da descrição', () => {
    const id = ids[0] as number
    world.db
      .update(listings)
      .set({ title: 'Mochila Açaí', description: 'Nova descrição.' })
      .where(eq(listings.id, id))
      .run()
    const row = rowWhere(world.db, listings, 'id', id, ['searchText'])
    expect(row?.searchText).toBe('mochila acai\nnova descricao.')
    expect(byFoldedText('calculo apostila')).toEqual(byIndex('calculo apostila'))
  })
})
