/** better-sqlite3 reports constraint failures with these codes (and names the index in the message). */
type ConstraintCode = 'SQLITE_CONSTRAINT_UNIQUE' | 'SQLITE_CONSTRAINT_FOREIGNKEY'

/** Whether `error` is that constraint failure; `needle` narrows it to a column or index name. */
export function isConstraintError(error: unknown, code: ConstraintCode, needle?: string): boolean {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === code &&
    (needle === undefined || error.message.includes(needle))
  )
}
