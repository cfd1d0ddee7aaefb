import type { LucideIcon } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'

type PageUnavailableProps = {
  icon: LucideIcon
  title: string
  description: string
  /** The page sends the visitor elsewhere by itself: say so to screen readers as it happens. */
  announce?: boolean
  backHref: string
  backLabel: string
}

/** In place of a whole page whose item is missing or off limits: what happened and the way back. */
export function PageUnavailable({
  icon: Icon,
  title,
  description,
  announce = false,
  backHref,
  backLabel,
}: PageUnavailableProps) {
  return (
    <div className="mx-auto flex min-h-[50dvh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <Icon className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="font-semibold text-2xl">{title}</h1>
      <p className="text-muted-foreground" role={announce ? 'status' : undefined}>
        {description}
      </p>
      <Button asChild>
        <Link href={backHref}>{backLabel}</Link>
      </Button>
    </div>
  )
}

type PageLoadFailedProps = {
  title: string
  description?: string
  onRetry: () => void
  /** While the retry is under way the button waits and says so. */
  retrying?: boolean
}

/** In place of a whole page that failed to load for another reason than not existing: a way to try again. */
export function PageLoadFailed({ title, description, onRetry, retrying = false }: PageLoadFailedProps) {
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-16 text-center">
      <h1 className="font-semibold text-xl">{title}</h1>
      {description ? <p className="text-muted-foreground">{description}</p> : null}
      <Button onClick={onRetry} disabled={retrying}>
        {retrying ? 'Carregando...' : 'Tentar novamente'}
      </Button>
    </div>
  )
}
