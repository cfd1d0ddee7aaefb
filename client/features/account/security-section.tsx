import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { cn } from '@/lib/utils'

/**
 * One card of the security page, titled by a real heading so screen-reader users can jump between
 * sections. No aria-labelledby on purpose: a region named 'Senha' would be one more element that
 * answers to the label 'Senha' besides the password fields.
 */
export function SecuritySection({
  title,
  description,
  icon,
  tone = 'default',
  children,
}: {
  title: string
  description?: ReactNode
  icon?: ReactNode
  tone?: 'default' | 'danger'
  children: ReactNode
}) {
  return (
    <Card compact className={cn(tone === 'danger' && 'border-destructive/40')}>
      <CardHeader>
        <h2
          className={cn(
            'flex items-center gap-2 font-semibold text-lg leading-tight',
            tone === 'danger' && 'text-destructive',
          )}
        >
          {icon}
          {title}
        </h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}
