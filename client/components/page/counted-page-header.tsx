import type { ReactNode } from 'react'
import { PageHeader } from '@/components/page-header'

/**
 * The header of a page that lists the member's own things: until the list loads the description says what
 * it is (`intro`), then how many there are ("1 favorito", "3 favoritos"), read out as it changes.
 */
export function CountedPageHeader({
  title,
  count,
  noun: [one, many],
  intro,
  action,
}: {
  title: string
  /** Undefined while the list loads. */
  count: number | undefined
  noun: [singular: string, plural: string]
  intro: string
  action?: ReactNode
}) {
  const description = count === undefined ? intro : count === 1 ? `1 ${one}` : `${count} ${many}`
  return <PageHeader title={title} liveDescription description={description} action={action} />
}
