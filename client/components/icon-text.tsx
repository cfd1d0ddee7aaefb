import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * A small fact led by its icon (views, a date, a course), for the rows of facts under a title. The icon is
 * decoration: the text says it all, with an sr-only word where the icon alone would carry the meaning.
 */
export function IconText({
  icon: Icon,
  as: Tag = 'span',
  children,
}: {
  icon: LucideIcon
  /** `li` when the facts are a list. */
  as?: 'span' | 'li'
  children: ReactNode
}) {
  return (
    <Tag className="inline-flex items-center gap-1">
      <Icon className="size-4" aria-hidden="true" />
      {children}
    </Tag>
  )
}
