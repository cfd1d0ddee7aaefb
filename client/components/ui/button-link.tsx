import type { VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { Link } from 'wouter'
import { type buttonVariants, splitButtonLook } from '@/components/ui/button'

type ButtonLinkProps = Omit<React.ComponentProps<'a'>, 'href'> &
  VariantProps<typeof buttonVariants> & {
    href: string
    /** History state for the page opened, as wouter's Link takes it. */
    state?: unknown
  }

/** An in-app link drawn as a button: navigation stays a link for the browser and screen readers. */
function ButtonLink({ href, ...props }: ButtonLinkProps) {
  const { className, rest } = splitButtonLook(props)
  return <Link href={href} data-slot="button" className={className} {...rest} />
}

export { ButtonLink }
