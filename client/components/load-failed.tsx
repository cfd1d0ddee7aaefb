import { RotateCwIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'

/**
 * A part of the page that failed to load, in its place: what failed and a way to try again. `announce`
 * makes it an alert for screen readers, for a failure no toast has told.
 */
export function LoadFailed({
  title,
  description,
  onRetry,
  retrying = false,
  announce = false,
}: {
  title: string
  description?: string | undefined
  onRetry: () => void
  /** While the retry is under way the button waits and says so. */
  retrying?: boolean
  announce?: boolean
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center"
      role={announce ? 'alert' : undefined}
    >
      <p className="font-medium">{title}</p>
      {description ? <p className="max-w-sm text-muted-foreground text-sm">{description}</p> : null}
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCwIcon aria-hidden="true" />
        {retrying ? 'Carregando...' : 'Tentar novamente'}
      </Button>
    </div>
  )
}
