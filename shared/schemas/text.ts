import { z } from 'zod'

/**
 * Free text from people never carries control characters (U+0000–U+001F, U+007F, and the C1 range):
 * a NUL breaks SQLite's full-text queries, a lone CR starts a new line in an .ics file, an ESC
 * reaches a terminal reading the logs. They are removed, not refused, since they come from pasting
 * and nobody could see them to fix the field. Tab, LF, VT, FF and CR space text out: they become a
 * space (or, where lines are allowed, LF).
 */
const INVISIBLE_CONTROL = /[^\P{Cc}\t\n\v\f\r]/gu

/** One line: tabs and line breaks become a single space, other control characters go. */
export function toSingleLine(value: string): string {
  return value.replace(INVISIBLE_CONTROL, '').replace(/[\t\n\v\f\r]+/g, ' ')
}

/** Several lines: CRLF and a lone CR become LF, tabs and the like a space, other control characters go. */
export function toMultiLine(value: string): string {
  return value
    .replace(INVISIBLE_CONTROL, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\v\f]/g, ' ')
}

type StringParams = Parameters<typeof z.string>[0]

/** A one-line text field, trimmed: titles, names, places, searches. Chain .min/.max as usual. */
export const singleLineText = (params?: StringParams) => z.string(params).overwrite(toSingleLine).trim()

/** A multi-line text field, trimmed: descriptions, messages, bios, reasons. */
export const multiLineText = (params?: StringParams) => z.string(params).overwrite(toMultiLine).trim()
