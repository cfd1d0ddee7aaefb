import { mayPublish, publishingClosedReason } from '@shared/publishing'
import { useViewer } from '@/lib/auth'
import { trpc } from '@/lib/trpc'

/**
 * Why the signed-in member may not publish, with the way back, or null when they may: the server's
 * rule (shared/publishing.ts), so the app disables what the server would refuse.
 */
export function usePublishingClosed(): string | null {
  const { viewer } = useViewer()
  const standing = trpc.semesters.standing.useQuery(undefined, { enabled: Boolean(viewer?.approved) }).data
  // Every approved member has a community; the server refuses by the same rule either way.
  if (!standing?.communityName || mayPublish(standing)) return null
  return publishingClosedReason(standing.communityName)
}

/** Whether the signed-in member is an egresso (publishing closed until they confirm their e-mail). */
export function useIsAlumnus(): boolean {
  return usePublishingClosed() !== null
}

/** Beside a publishing control an egresso sees disabled: why, and the way back. */
export function PublishingClosedNote({
  id,
  reason,
  className,
}: {
  id: string
  reason: string
  className?: string
}) {
  return (
    <p id={id} className={`text-muted-foreground text-sm ${className ?? ''}`}>
      {reason}
    </p>
  )
}
