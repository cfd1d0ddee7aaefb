import { type ClassValue, clsx } from 'clsx'

/**
 * Joins class names. Nothing merges them: each component sets a CSS property from one place (its base,
 * one variant or the caller), so no two classes on an element compete. `tests/e2e/class-conflicts.test.ts`
 * checks the rendered pages for pairs that would.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
