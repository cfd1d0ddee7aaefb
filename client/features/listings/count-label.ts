import { formatInteger } from '@shared/numbers'

/** 1 → '1 anúncio', 1200 → '1.200 anúncios'. */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${formatInteger(count)} ${count === 1 ? singular : plural}`
}
