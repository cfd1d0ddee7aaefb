import { routes } from '@shared/routes'
import { ChevronLeftIcon } from 'lucide-react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/page-header'
import { describeError } from '@/lib/errors'
import { cn } from '@/lib/utils'

/**
 * An organizer's page of an event (check-in, roster) that the server refused or failed to load: the
 * reason as the page's description and the way back to the event.
 */
export function EventStaffPageFailed({
  id,
  title,
  error,
  fallback,
  className,
}: {
  id: number
  title: string
  error: unknown
  fallback: string
  className: string
}) {
  const { title: reason, description } = describeError(error, fallback)
  return (
    <div className={cn('mx-auto grid w-full gap-4 px-4 py-8', className)}>
      <PageHeader title={title} description={reason} />
      {description ? <p className="text-muted-foreground">{description}</p> : null}
      <Link href={routes.event(id)} className="text-primary underline-offset-4 hover:underline">
        Voltar ao evento
      </Link>
    </div>
  )
}

/** The "Evento" link above an organizer's page of an event. */
export function BackToEvent({ id }: { id: number }) {
  return (
    <Link
      href={routes.event(id)}
      className="inline-flex w-fit items-center gap-1 text-muted-foreground text-sm hover:text-foreground hover:underline"
    >
      <ChevronLeftIcon aria-hidden="true" className="size-4" />
      Evento
    </Link>
  )
}
