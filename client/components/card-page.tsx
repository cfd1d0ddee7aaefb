import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'

/**
 * A page that is one narrow card, as the pages an e-mail link opens: the title is the page's <h1>, an
 * optional icon above it; `announce` has screen readers read the title when it changes.
 */
export function CardPage({
  title,
  description,
  icon,
  announce = false,
  contentClassName,
  footer,
  children,
}: {
  title: string
  description: string
  icon?: ReactNode
  announce?: boolean
  contentClassName?: string
  footer?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          {icon ? <div className="mb-2">{icon}</div> : null}
          <CardTitle>
            <h1 aria-live={announce ? 'polite' : undefined}>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
        {footer ? <CardFooter>{footer}</CardFooter> : null}
      </Card>
    </div>
  )
}
