import { Column, is, SQL } from 'drizzle-orm'

/** A field of a flat select: a column, an `sql` expression, or one with an alias. */
export type FlatField = Column | SQL | SQL.Aliased

type DriverDecoder = { mapFromDriverValue(value: unknown): unknown }

/** An expression's decoder (`mapWith`), which Drizzle keeps internal; its own mapping reads it so. */
const decoderOf = (expression: SQL) => (expression as unknown as { decoder: DriverDecoder }).decoder

type PreparedSelect<Row> = {
  values(placeholders?: Record<string, unknown>): unknown[][]
  all(placeholders?: Record<string, unknown>): Row[]
}

/**
 * A prepared select whose rows are decoded by a list worked out once from its fields, as Drizzle's own
 * `all` decodes them: each value that is not null through its column's or expression's decoder.
 * Drizzle works out each cell's kind again on every row (`is`, `mapResultRow`), a visible share of a
 * member's list request on a page of 25 cards. Only for flat selects (no nested objects), in the
 * order the select was given.
 */
export function decodedOnce<Row>(statement: PreparedSelect<Row>, fields: Record<string, FlatField>) {
  const keys = Object.keys(fields)
  const decoders: DriverDecoder[] = Object.values(fields).map((field) =>
    is(field, Column) ? field : decoderOf(is(field, SQL) ? field : field.sql),
  )
  return {
    all(placeholders?: Record<string, unknown>): Row[] {
      return statement.values(placeholders).map((cells) => {
        const row: Record<string, unknown> = {}
        for (let index = 0; index < keys.length; index++) {
          const value = cells[index]
          row[keys[index] as string] =
            value === null ? null : (decoders[index] as DriverDecoder).mapFromDriverValue(value)
        }
        return row as Row
      })
    },
  }
}
