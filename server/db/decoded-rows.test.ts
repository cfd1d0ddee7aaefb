import Sqlite from 'better-sqlite3'
import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import { decodedOnce } from './decoded-rows'

const items = sqliteTable('items', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  note: text('note'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  archived: integer('archived', { mode: 'boolean' }).notNull(),
  tags: text('tags', { mode: 'json' }).$type<string[]>(),
})
const marks = sqliteTable('marks', { itemId: integer('item_id').notNull() })

const db = drizzle(new Sqlite(':memory:'))
db.run(sql`create table items (id integer primary key, title text not null, note text,
  created_at integer not null, archived integer not null, tags text)`)
db.run(sql`create table marks (item_id integer not null)`)
const first = {
  id: 1,
  title: 'um',
  note: null,
  createdAt: new Date(1_700_000_000_123),
  archived: false,
  tags: ['a'],
}
const second = {
  id: 2,
  title: 'dois',
  note: 'nota',
  createdAt: new Date(1_700_000_500_000),
  archived: true,
  tags: null,
}
db.insert(items).values([first, second]).run()
db.insert(marks).values({ itemId: 2 }).run()

const fields = {
  id: items.id,
  title: items.title,
  note: items.note,
  createdAt: items.createdAt,
  archived: items.archived,
  tags: items.tags,
  marked: sql<boolean>`exists (select 1 from ${marks} where ${marks.itemId} = ${items.id})`.mapWith(Boolean),
  doubled: sql<number>`${items.id} * 2`.as('doubled'),
  noteLength: sql<number | null>`length(${items.note})`,
}

describe('decodedOnce', () => {
  it('lê as linhas como o próprio Drizzle as lê: datas, booleanos, JSON, nulos e expressões', () => {
    const statement = db
      .select(fields)
      .from(items)
      .where(eq(items.id, sql.placeholder('id')))
      .prepare()
    const all = db.select(fields).from(items).orderBy(items.id).prepare()
    for (const id of [1, 2]) {
      expect(decodedOnce(statement, fields).all({ id })).toEqual(statement.all({ id }))
    }
    const rows = decodedOnce(all, fields).all()
    expect(rows).toEqual(all.all())
    expect(rows).toEqual([
      { ...first, marked: false, doubled: 2, noteLength: null },
      { ...second, marked: true, doubled: 4, noteLength: 4 },
    ])
  })
})
