import { ShieldOffIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import type { Viewer } from '@/lib/auth'
import { appConfig } from '@/lib/config'
import { formatDateTime } from '@/lib/dates'
import { usePageTitle } from '@/lib/use-page-title'
import { useSignOut } from './use-sign-out'

/** Shown instead of the whole app while a moderator's suspension is in force: why, and until when. */
export function SuspendedScreen({ suspension }: { suspension: NonNullable<Viewer['suspension']> }) {
  usePageTitle('Conta suspensa')
  const { signOut, isPending } = useSignOut()
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-lg">
        <CardHeader className="items-center text-center">
          <div className="mx-auto mb-2 flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <ShieldOffIcon className="size-7" aria-hidden="true" />
          </div>
          <CardTitle>
            <h1 className="text-2xl">Sua conta está suspensa</h1>
          </CardTitle>
          <CardDescription>
            A moderação suspendeu sua conta até <strong>{formatDateTime(suspension.endsAt)}</strong>. Depois
            disso, o acesso volta sozinho.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <p>
            <span className="font-medium">Motivo:</span> {suspension.reason}
          </p>
          <p className="text-muted-foreground">
            Se você acha que houve um engano, escreva para{' '}
            <a className="underline" href={`mailto:${appConfig.supportEmail}`}>
              {appConfig.supportEmail}
            </a>
            .
          </p>
        </CardContent>
        <CardFooter className="justify-center">
          <Button variant="outline" onClick={() => void signOut()} disabled={isPending}>
            {isPending ? 'Saindo...' : 'Sair'}
          </Button>
        </CardFooter>
      </Card>
    </main>
  )
}
