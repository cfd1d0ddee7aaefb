import { useRef, useState } from 'react'
import { trpc } from '@/lib/trpc'
import { type AdminBadgeCounts, badgeCountsChanged, chooseBadgeCounts } from './admin-nav'

/** How often the counts are re-read while the realtime channel is down. */
export const BADGE_POLL_MS = 30_000

/**
 * The sidebar's pending counts, pushed over the realtime channel (`admin.badges.live`). When the
 * subscription fails they are polled from `admin.badges.counts` every 30 s until it delivers again.
 */
export function useAdminBadges(enabled: boolean): AdminBadgeCounts | null {
  const utils = trpc.useUtils()
  const [live, setLive] = useState<AdminBadgeCounts | null>(null)
  const [failed, setFailed] = useState(false)
  const last = useRef<AdminBadgeCounts | null>(null)

  const subscription = trpc.admin.badges.live.useSubscription(undefined, {
    enabled,
    onData: (counts) => {
      if (badgeCountsChanged(last.current, counts)) {
        // A sign-up, approval or event decision elsewhere: the lists on screen are stale as well.
        void utils.admin.users.list.invalidate()
        void utils.events.moderation.invalidate()
        void utils.admin.dashboard.summary.invalidate()
        void utils.admin.reports.queue.invalidate()
      }
      last.current = counts
      setLive(counts)
      setFailed(false)
    },
    onError: () => setFailed(true),
  })

  // 'connecting' with an error is the client retrying a dropped socket: poll meanwhile.
  const liveFailed =
    failed ||
    subscription.status === 'error' ||
    (subscription.status === 'connecting' && subscription.error !== null)
  const polled = trpc.admin.badges.counts.useQuery(undefined, {
    enabled: enabled && liveFailed,
    refetchInterval: BADGE_POLL_MS,
  })

  return enabled ? chooseBadgeCounts(live, polled.data, liveFailed) : null
}
