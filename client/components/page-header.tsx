import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/** The larger title of the catalogue pages (the portal, a category, the events). */
export const CATALOGUE_TITLE = 'font-extrabold text-2xl tracking-tight sm:text-3xl'

type PageHeaderProps = {
  title: ReactNode
  description?: ReactNode
  /** The description says how many items there are: read it again when it changes. */
  liveDescription?: boolean
  titleClassName?: string
  descriptionClassName?: string
  /**
   * The page's main action, at the header's right end. Pass null rather than leave it out when it is only
   * hidden for some viewers, so the header keeps the same layout for everyone.
   */
  action?: ReactNode
  className?: string
  /** More under the description (links to related pages). */
  children?: ReactNode
}

/** A page's h1 with its one-line description, and its main action beside them when it has one. */
export function PageHeader({
  title,
  description,
  liveDescription = false,
  titleClassName = 'font-bold text-2xl',
  descriptionClassName,
  action,
  className,
  children,
}: PageHeaderProps) {
  const heading = (
    <>
      <h1 className={titleClassName}>{title}</h1>
      {description ? (
        <p
          className={cn('text-muted-foreground', descriptionClassName)}
          aria-live={liveDescription ? 'polite' : undefined}
        >
          {description}
        </p>
      ) : null}
      {children}
    </>
  )
  if (action === undefined) return <header className={cn('grid gap-1', className)}>{heading}</header>
  return (
    <header className={cn('flex flex-wrap items-end justify-between gap-4', className)}>
      <div className="grid gap-1">{heading}</div>
      {action}
    </header>
  )
}
