import type { VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { Link } from 'wouter'
import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/utils'

type ButtonLinkProps = Omit<React.ComponentProps<'a'>, 'href'> &
  VariantProps<typeof buttonVariants> & {
    href: string
    /** History state for the page opened, as wouter's Link takes it. */
    state?: unknown
  }

/** An in-app link drawn as a button: navigation stays a link for the browser and screen readers. */
function ButtonLink({
  className,
  variant,
  tone,
  size,
  shape,
  align,
  raised,
  href,
  ...props
}: ButtonLinkProps) {
  return (
    <Link
      href={href}
      data-slot="button"
      className={cn(buttonVariants({ variant, tone, size, shape, align, raised, className }))}
      {...props}
    />
  )
}

export { ButtonLink }
