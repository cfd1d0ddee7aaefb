import { formatInteger } from '@shared/numbers'

/** 1 → '1 produto', 1200 → '1.200 produtos'. */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${formatInteger(count)} ${count === 1 ? singular : plural}`
}
