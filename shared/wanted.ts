/** Procura-se words and orders that pages without a form show (no zod here: see first-load.test.ts). */

/** The board's orders: newest first, or the most wanted ('Mais procurados') first. */
export const WANTED_SORTS = ['recent', 'popular'] as const
export type WantedSort = (typeof WANTED_SORTS)[number]
export const WANTED_SORT_LABELS: Record<WantedSort, string> = {
  recent: 'Mais recentes',
  popular: 'Mais procurados',
}

/** 'Mais procurados do seu curso' on Vender: this many posts. */
export const COURSE_DEMAND_SIZE = 5

/** How many people want a post, as the board says it. */
export function wantersLabel(count: number): string {
  return count === 1 ? '1 pessoa procura' : `${count} pessoas procuram`
}
