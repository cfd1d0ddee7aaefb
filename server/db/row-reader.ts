import { Column, is, type SQL } from 'drizzle-orm'

/** How one computed field's value reads, as SQLite returns it (never null: null stays null). */
export type FieldDecoder = (raw: unknown) => unknown

/** A flat select list, as `db.select(fields)` takes it. */
export type FlatFields = Record<string, Column | SQL | SQL.Aliased>

/**
 * Reads a prepared select's raw rows (`.values()`) into objects, by the same select list the
 * statement was built from: Drizzle selects a list's columns in the order of its keys, so one object
 * orders both. A table column decodes its own values (`mapFromDriverValue`); a computed field reads as
 * SQLite returns it, or by its entry in `decoders`, the function its `.mapWith()` was given. Drizzle's
 * `.all()` finds each cell's decoder again, field by field and row by row: on a page of listing cards
 * that cost a third of what the query did.
 */
export function rowReader<Row>(fields: FlatFields, decoders: Readonly<Record<string, FieldDecoder>> = {}) {
  const names = Object.keys(fields)
  const decode = names.map((name): FieldDecoder | null => {
    const own = decoders[name]
    if (own) return own
    const field = fields[name]
    return is(field, Column) ? (raw) => field.mapFromDriverValue(raw) : null
  })
  return (rows: readonly (readonly unknown[])[]): Row[] =>
    rows.map((row) => {
      const read: Record<string, unknown> = {}
      for (let index = 0; index < names.length; index++) {
        const raw = row[index]
        const decodeField = decode[index]
        read[names[index] as string] = raw === null || !decodeField ? raw : decodeField(raw)
      }
      return read as Row
    })
}
