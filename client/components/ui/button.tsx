import { cva, type VariantProps } from 'class-variance-authority'
import { Slot } from 'radix-ui'
import type * as React from 'react'

/**
 * Each class property is set by one part only (the base, one variant or one size), so the classes never
 * compete and no merging is needed: a caller adds layout (width, margins, position), not a second value
 * for what a variant already sets. Outline and ghost buttons in the destructive colour take `tone`.
 */
const buttonVariants = cva(
  "inline-flex shrink-0 items-center whitespace-nowrap font-medium outline-none transition-all focus-visible:border-ring focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90 focus-visible:ring-ring/50',
        destructive: 'bg-destructive text-white hover:bg-destructive/90 focus-visible:ring-destructive/20',
        outline: 'border bg-background hover:bg-accent focus-visible:ring-ring/50',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80 focus-visible:ring-ring/50',
        ghost: 'hover:bg-accent focus-visible:ring-ring/50',
        link: 'text-primary underline-offset-4 hover:underline focus-visible:ring-ring/50',
        /** An outline over a picture or a colour: the caller gives the border, text and hover colours. */
        overlay: 'border bg-transparent focus-visible:ring-ring/50',
        /** The round button floating over the page. */
        floating:
          'bg-primary text-primary-foreground shadow-lg hover:bg-primary/90 focus-visible:ring-ring/50',
      },
      tone: {
        neutral: '',
        destructive: 'text-destructive hover:text-destructive',
      },
      size: {
        // Heights stay at 40px or more so the buttons are comfortable touch targets on phones.
        default: 'h-10 gap-2 px-4 py-2 text-sm has-[>svg]:px-3',
        sm: 'h-9 gap-1.5 px-3 text-sm has-[>svg]:px-2.5',
        lg: 'h-11 gap-2 px-6 text-base has-[>svg]:px-4',
        icon: 'size-10 gap-2 text-sm',
        'icon-lg': 'size-11 gap-2 text-sm',
        floating: 'size-14 gap-2 text-sm',
        /** A link-styled button that lines up with the text around it. */
        flush: 'h-10 gap-2 py-2 text-sm',
        /** A small link-styled button inside a line of text or a header. */
        inline: 'gap-1 text-xs',
      },
      shape: {
        default: 'rounded-md',
        round: 'rounded-full',
      },
      align: {
        center: 'justify-center',
        start: 'justify-start',
      },
      /** A filled or outlined button lifted off a photo. */
      raised: {
        true: 'shadow-md',
        false: '',
      },
    },
    compoundVariants: [
      { variant: ['outline', 'ghost'], tone: 'neutral', className: 'hover:text-accent-foreground' },
      { variant: ['default', 'destructive', 'outline', 'secondary'], raised: false, className: 'shadow-xs' },
    ],
    defaultVariants: {
      variant: 'default',
      tone: 'neutral',
      size: 'default',
      shape: 'default',
      align: 'center',
      raised: false,
    },
  },
)

type ButtonLook = VariantProps<typeof buttonVariants> & { className?: string | undefined }

/** A button's classes from its look (variants and extra classes), apart from the element's other props. */
function splitButtonLook<P extends ButtonLook>({
  variant,
  tone,
  size,
  shape,
  align,
  raised,
  className,
  ...rest
}: P) {
  return { className: buttonVariants({ variant, tone, size, shape, align, raised, className }), rest }
}

type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean
  }

function Button({ asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button'
  const { className, rest } = splitButtonLook(props)
  return <Comp data-slot="button" className={className} {...rest} />
}

export { Button, type ButtonProps, buttonVariants, splitButtonLook }
