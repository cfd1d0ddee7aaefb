import { useId } from 'react'

/** An id per field name under one base id: `{ title: '«r1»-title', … }`. */
export function fieldIds<Name extends string>(base: string, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, `${base}-${name}`])) as Record<Name, string>
}

/** The ids that tie a form's labels, hints and errors to its fields, unique to this form on the page. */
export function useFieldIds<Name extends string>(...names: Name[]): Record<Name, string> {
  return fieldIds(useId(), names)
}
