const integer = new Intl.NumberFormat('pt-BR')

/** 1 → '1 produto', 1200 → '1.200 produtos'. */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${integer.format(count)} ${count === 1 ? singular : plural}`
}

export const formatCount = (count: number) => integer.format(count)
