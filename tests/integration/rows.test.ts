import { describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { rowsWhere, rowWhere, valuesWhere } from '../../server/db/rows'
import { notifications } from '../../server/db/schema'
import { setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()

/** Three notices of one member (created out of order) and one of somebody else. */
async function notices() {
  const me = (await createStudent(world.db, { member: true })).id
  const other = (await createStudent(world.db, { member: true })).id
  world.db
    .insert(notifications)
    .values([
      { userId: me, kind: 'warning', title: 'B', createdAt: new Date('2026-06-02T10:00:00Z') },
      { userId: me, kind: 'warning', title: 'A', createdAt: new Date('2026-06-01T10:00:00Z') },
      { userId: other, kind: 'warning', title: 'X', createdAt: new Date('2026-06-01T12:00:00Z') },
      { userId: me, kind: 'price_drop', title: 'C', createdAt: new Date('2026-06-03T10:00:00Z') },
    ])
    .run()
  return { me, other }
}

describe('leituras de uma tabela por uma coluna', () => {
  it('rowsWhere traz só as colunas pedidas das linhas da pessoa, na ordem pedida, crescente ou decrescente', async () => {
    const { me } = await notices()
    expect(rowsWhere(world.db, notifications, 'userId', me, ['title', 'kind'], ['createdAt'])).toEqual([
      { title: 'A', kind: 'warning' },
      { title: 'B', kind: 'warning' },
      { title: 'C', kind: 'price_drop' },
    ])
    expect(
      rowsWhere(world.db, notifications, 'userId', me, ['title'], ['createdAt'], 'desc').map(
        (row) => row.title,
      ),
    ).toEqual(['C', 'B', 'A'])
    expect(rowsWhere(world.db, notifications, 'userId', me + 1000, ['title'])).toEqual([])
  })

  it('valuesWhere traz os valores de uma coluna, e rowWhere a primeira linha ou nada', async () => {
    const { other } = await notices()
    expect(valuesWhere(world.db, notifications, 'kind', 'warning', 'title', ['createdAt'])).toEqual([
      'A',
      'X',
      'B',
    ])
    expect(rowWhere(world.db, notifications, 'userId', other, ['title', 'kind'])).toEqual({
      title: 'X',
      kind: 'warning',
    })
    expect(rowWhere(world.db, notifications, 'title', 'nenhum', ['id'])).toBeUndefined()
  })
})
