import { FlameIcon, SparklesIcon } from 'lucide-react'
import { cn } from '@/lib/utils'
import { vuptBadge } from './vupt-badge'

/** 'Em alta!' / 'Destaque!' as a small pill; renders nothing below the first threshold. */
export function VuptBadgeChip({ count, className }: { count: number; className?: string }) {
  const badge = vuptBadge(count)
  if (!badge) return null
  const featured = badge === 'Destaque!'
  const Icon = featured ? SparklesIcon : FlameIcon
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold text-xs shadow-sm',
        featured ? 'bg-amber-400 text-amber-950' : 'bg-rose-600 text-white',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {badge}
    </span>
  )
}
