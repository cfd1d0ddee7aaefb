import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { useSignOut } from './use-sign-out'

type AccountGateScreenProps = {
  icon: LucideIcon
  /** primary: a wait that ends well (approval); destructive: access taken away (suspension). */
  tone: 'primary' | 'destructive'
  title: string
  description: ReactNode
  contentClassName: string
  children: ReactNode
}

/**
 * A card shown instead of the whole app while the account may not use it, with Sair as the only way on:
 * the member can still leave and sign in with another account.
 */
export function AccountGateScreen({
  icon: Icon,
  tone,
  title,
  description,
  contentClassName,
  children,
}: AccountGateScreenProps) {
  const { signOut, isPending } = useSignOut()
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-lg">
        <CardHeader className="items-center text-center">
          <div
            className={cn(
              'mx-auto mb-2 flex size-14 items-center justify-center rounded-full',
              tone === 'primary' ? 'bg-primary/10 text-primary' : 'bg-destructive/10 text-destructive',
            )}
          >
            <Icon className="size-7" aria-hidden="true" />
          </div>
          <CardTitle>
            <h1 className="text-2xl">{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
        <CardFooter className="justify-center">
          <Button variant="outline" onClick={() => void signOut()} disabled={isPending}>
            {isPending ? 'Saindo...' : 'Sair'}
          </Button>
        </CardFooter>
      </Card>
    </main>
  )
}
