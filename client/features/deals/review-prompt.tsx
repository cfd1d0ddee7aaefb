import { routes } from '@shared/routes'
import { StarIcon } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button-link'
import { useCommunity } from '@/lib/community'
import { formatDate } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'

/**
 * "Avaliar" for the confirmed hand-offs still waiting for the member's review: in one conversation (its
 * pinned area) when `conversationId` is given, or all of them (Minhas entregas). Nothing when none wait.
 */
export function ReviewPrompt({ conversationId, className }: { conversationId?: number; className?: string }) {
  const query = trpc.deals.reviews.pending.useQuery(conversationId ? { conversationId } : {})
  const { community } = useCommunity()
  const pending = query.data ?? []
  if (pending.length === 0) return null
  return (
    <ul className={cn('grid gap-2', className)} aria-label="Entregas para avaliar">
      {pending.map((handoff) => (
        <li
          key={handoff.meetingId}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm"
        >
          <span>
            Entrega com {handoff.other.fullName} confirmada. Avalie até{' '}
            {formatDate(handoff.deadline, community?.timeZone)}.
          </span>
          <ButtonLink href={routes.review(handoff.meetingId)} size="sm">
            <StarIcon aria-hidden="true" />
            Avaliar {handoff.other.fullName}
          </ButtonLink>
        </li>
      ))}
    </ul>
  )
}
