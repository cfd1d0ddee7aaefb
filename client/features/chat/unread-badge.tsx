import { cn } from '@/lib/utils'
import { formatUnreadBadge } from './unread'

/**
 * The red count on Mensagens and on a conversation. Decorative: the element it sits on carries the
 * count in words for screen readers.
 */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden="true"
      data-slot="unread-badge"
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 font-semibold text-[11px] text-white leading-none tabular-nums',
        className,
      )}
    >
      {formatUnreadBadge(count)}
    </span>
  )
}
