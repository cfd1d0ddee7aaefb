import { routes } from '@shared/routes'
import type { EventInput } from '@shared/schemas/event'
import { LockIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useLocation } from 'wouter'
import { LoadingStatus } from '@/components/loading-status'
import { PageHeader } from '@/components/page-header'
import { PageUnavailable } from '@/components/page-states'
import { SkeletonStack } from '@/components/skeleton-stack'
import { Skeleton } from '@/components/ui/skeleton'
import { EventForm } from '@/features/events/event-form'
import { EventNotFound } from '@/features/events/event-not-found'
import type { EventDetail } from '@/features/events/event-types'
import { EventLoadFailure, useEventFromRoute } from '@/features/events/use-event-from-route'
import { AlumniNotice } from '@/features/semesters/alumni-notice'
import { usePublishingClosed } from '@/features/semesters/publishing-closed'
import { useCommunity } from '@/lib/community'
import { DEFAULT_TIME_ZONE } from '@/lib/dates'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

export const EVENT_CREATED_MESSAGE = 'Evento criado! Aguarde aprovação do administrador 🎉'
export const EVENT_UPDATED_MESSAGE = 'Evento atualizado com sucesso!'

/** `/criar-evento` and `/editar-evento/:id` (the route passes `mode`); members only. */
export function EventFormPage({ mode }: { mode: 'create' | 'edit' }) {
  return mode === 'create' ? <CreateEvent /> : <EditEvent />
}

const FORM_CARD = 'rounded-xl border bg-card p-4 shadow-xs sm:p-6'

function CreateEvent() {
  usePageTitle('Criar evento')
  const { community } = useCommunity()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const create = trpc.events.create.useMutation()

  const submit = async (input: EventInput) => {
    try {
      const created = await create.mutateAsync(input)
      toast.success(EVENT_CREATED_MESSAGE)
      void utils.events.mine.invalidate()
      void utils.events.list.invalidate()
      // The page shows 'Aguardando aprovação' to its organizer until a moderator decides.
      navigate(routes.event(created.id))
    } catch (error) {
      // e.g. 'Erro ao identificar sua comunidade', 'A data do evento deve ser no futuro'.
      toastError(error, 'Erro ao criar evento. Tente novamente.')
    }
  }

  return (
    <EventFormShell
      title="Novo evento"
      description="Divulgue um encontro para a sua comunidade. Ele aparece para todos depois da aprovação de um administrador."
    >
      <EventForm
        mode="create"
        timeZone={community?.timeZone ?? DEFAULT_TIME_ZONE}
        onSubmit={submit}
        onCancel={() => navigate(routes.events())}
        className={FORM_CARD}
      />
    </EventFormShell>
  )
}

function EditEvent() {
  const { query, notFound, failed } = useEventFromRoute()
  usePageTitle(notFound ? 'Evento não encontrado' : 'Editar evento')

  if (notFound) return <EventNotFound />
  if (failed) return <EventLoadFailure onRetry={() => void query.refetch()} retrying={query.isFetching} />
  if (!query.data) return <EventFormSkeleton />
  if (!query.data.canEdit) return <NotEditable event={query.data} />
  // Keyed by event so a later visit to another event starts from its own values.
  return <EditEventForm key={query.data.id} event={query.data} />
}

function EditEventForm({ event }: { event: EventDetail }) {
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const update = trpc.events.update.useMutation()
  const back = () => navigate(routes.event(event.id))

  const submit = async (input: EventInput) => {
    try {
      await update.mutateAsync({ id: event.id, ...input })
      toast.success(EVENT_UPDATED_MESSAGE)
      void utils.events.mine.invalidate()
      void utils.events.list.invalidate()
      await utils.events.byId.invalidate({ id: event.id })
      back()
    } catch (error) {
      toastError(error, 'Erro ao atualizar evento. Tente novamente.')
    }
  }

  return (
    <EventFormShell
      title="Editar evento"
      description="Você pode editar o evento enquanto ele aguarda aprovação."
    >
      <EventForm
        mode="edit"
        timeZone={event.timeZone}
        defaultValues={{
          title: event.title,
          description: event.description,
          eventDate: event.eventDate,
          eventTime: event.eventTime,
          location: event.location,
          maxParticipants: event.maxParticipants,
          imageUrl: event.imageUrl,
        }}
        onSubmit={submit}
        onCancel={back}
        className={FORM_CARD}
      />
    </EventFormShell>
  )
}

/** The page around the event form: its header, then the form, unless the member may no longer publish. */
function EventFormShell({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: ReactNode
}) {
  const closed = usePublishingClosed()
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8">
      <PageHeader title={title} description={description} />
      {closed ? <AlumniNotice reason={closed} /> : children}
    </div>
  )
}

function NotEditable({ event }: { event: EventDetail }) {
  return (
    <PageUnavailable
      icon={LockIcon}
      title="Este evento não pode ser editado"
      description="Só é possível editar eventos que aguardam aprovação, e apenas quem os organizou."
      backHref={routes.event(event.id)}
      backLabel="Voltar para o evento"
    />
  )
}

function EventFormSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8">
      <LoadingStatus>Carregando evento...</LoadingStatus>
      <SkeletonStack className="grid gap-2" shapes={['h-8 w-48', 'h-4 w-72']} />
      <div className="grid gap-6 rounded-xl border p-4 sm:p-6">
        {['title', 'description', 'date', 'location', 'capacity', 'image'].map((field) => (
          <div key={field} className="grid gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className={field === 'description' ? 'h-32 w-full' : 'h-10 w-full'} />
          </div>
        ))}
        <Skeleton className="h-11 w-40 justify-self-end" />
      </div>
    </div>
  )
}

export default EventFormPage
