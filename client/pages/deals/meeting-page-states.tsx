import type { ComponentProps } from 'react'
import { ItemPageStates } from '@/components/page/item-page-states'
import type { PageUnavailable } from '@/components/page-states'
import { notFoundFor } from '@/lib/route-id'
import { usePageTitle } from '@/lib/use-page-title'

type States<T> = ComponentProps<typeof ItemPageStates<T>>

const NOT_FOUND = 'Entrega não encontrada'

/**
 * The states of a page about one of the member's hand-offs (`meetingId` from its address, 0 when the
 * address holds none): its tab title (`title`) once found, and "Entrega não encontrada" in place of a
 * hand-off that does not exist or is someone else's.
 */
export function MeetingPageStates<T>({
  meetingId,
  title,
  unavailable,
  ...states
}: Omit<States<T>, 'notFound' | 'what' | 'unavailable'> & {
  query: { error: Parameters<typeof notFoundFor>[1] }
  meetingId: number
  title: string
  unavailable: Omit<ComponentProps<typeof PageUnavailable>, 'title'>
}) {
  const notFound = notFoundFor(meetingId, states.query.error)
  usePageTitle(notFound ? NOT_FOUND : title)
  return (
    <ItemPageStates
      {...states}
      notFound={notFound}
      what="a entrega"
      unavailable={{ title: NOT_FOUND, ...unavailable }}
    />
  )
}
