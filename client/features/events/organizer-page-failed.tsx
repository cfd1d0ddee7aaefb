import { routes } from '@shared/routes'
import { Link } from 'wouter'
import { PageHeader } from '@/components/page-header'
import { describeError } from '@/lib/errors'
import { cn } from '@/lib/utils'

/** An organizer's page of an event (check-in, attendance list) that could not load, with the way back to the event. */
export function OrganizerPageFailed({
  title,
  error,
  fallback,
  eventId,
  className,
}: {
  title: string
  error: unknown
  /** The title of the failure when the error has no message of its own. */
  fallback: string
  eventId: number
  /** The page's width, as its loaded state has it. */
  className: string
}) {
  const described = describeError(error, fallback)
  return (
    <div className={cn('mx-auto grid w-full gap-4 px-4 py-8', className)}>
      <PageHeader title={title} description={described.title} />
      {described.description ? <p className="text-muted-foreground">{described.description}</p> : null}
      <Link href={routes.event(eventId)} className="text-primary underline-offset-4 hover:underline">
        Voltar ao evento
      </Link>
    </div>
  )
}
