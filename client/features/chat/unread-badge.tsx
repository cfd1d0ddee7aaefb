import { cn } from '@/lib/utils'
import { formatUnreadBadge } from './unread'

/**
 * The red count on Mensagens and on a conversation. Decorative: the element it sits on carries the
 * count in words for screen readers. The digits are drawn by CSS, not text, so they don't count as the
 * visible label of the button they sit on (WCAG 2.5.3: its name need not repeat them).
 */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden="true"
      data-slot="unread-badge"
      data-count={formatUnreadBadge(count)}
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 font-semibold text-[11px] text-white leading-none tabular-nums before:content-[attr(data-count)]',
        className,
      )}
    />
  )
}
