import { EVENT_TAB_LABELS, EVENT_TABS, type EventTab } from '@shared/event-tabs'
import { routes } from '@shared/routes'
import { PlusIcon } from 'lucide-react'
import { LoadingStatus } from '@/components/loading-status'
import { CATALOGUE_TITLE, PageHeader } from '@/components/page-header'
import { LoadError } from '@/components/query-states'
import { ButtonLink } from '@/components/ui/button-link'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { EventCard, EventCardSkeleton } from '@/features/events/event-card'
import { EventsEmptyState } from '@/features/events/events-empty-state'
import { useEventsSearch } from '@/features/events/use-events-search'
import { ListingSearchForm } from '@/features/listings/listing-search-form'
import { useViewer } from '@/lib/auth'
import { useCommunity } from '@/lib/community'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

const SKELETON_COUNT = 6
const LOAD_ERROR_TITLE = 'Erro ao carregar eventos'
const isEventTab = (value: string): value is EventTab => (EVENT_TABS as readonly string[]).includes(value)

/** `/eventos`: the community's approved events, by tab, with a search; both kept in the URL. */
export function EventsPage() {
  usePageTitle('Eventos')
  const communitySlug = useCommunity().community?.slug
  const { viewer } = useViewer()
  const member = Boolean(viewer?.approved && viewer.emailVerified)
  const { q, tab, update } = useEventsSearch()

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
      <PageHeader
        title="Eventos"
        titleClassName={CATALOGUE_TITLE}
        description="Encontros, palestras e festas da sua comunidade universitária."
        className="mb-6"
        action={
          member ? (
            <ButtonLink href={routes.createEvent()}>
              <PlusIcon aria-hidden="true" />
              Criar Evento
            </ButtonLink>
          ) : null
        }
      />

      <ListingSearchForm
        value={q}
        onSearch={(next) => update({ q: next })}
        label="Buscar eventos"
        placeholder="Buscar por título ou descrição..."
        className="mb-4"
      />

      <Tabs value={tab} onValueChange={(next) => (isEventTab(next) ? update({ tab: next }) : undefined)}>
        <TabsList aria-label="Período" className="w-full sm:w-fit">
          {EVENT_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {EVENT_TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* Only the active panel mounts, so only its list is fetched. */}
        {EVENT_TABS.map((value) => (
          <TabsContent key={value} value={value} className="pt-4">
            <EventsResults
              tab={value}
              q={q}
              communitySlug={communitySlug}
              canCreate={member}
              onClearSearch={() => update({ q: '' })}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  )
}

type EventsResultsProps = {
  tab: EventTab
  q: string
  communitySlug: string | undefined
  canCreate: boolean
  onClearSearch: () => void
}

function EventsResults({ tab, q, communitySlug, canCreate, onClearSearch }: EventsResultsProps) {
  const query = trpc.events.list.useQuery({
    tab,
    ...(communitySlug ? { communitySlug } : {}),
    ...(q ? { q } : {}),
  })

  if (query.isPending) {
    return (
      <>
        <LoadingStatus>Carregando eventos...</LoadingStatus>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <EventCardSkeleton key={index} />
          ))}
        </div>
      </>
    )
  }

  if (query.isError) return <LoadError title={LOAD_ERROR_TITLE} query={query} toastId="events-load-error" />

  const events = query.data
  if (events.length === 0) {
    return <EventsEmptyState q={q} onClearSearch={onClearSearch} canCreate={canCreate} />
  }

  return (
    <section aria-label={`Eventos: ${EVENT_TAB_LABELS[tab]}`} className="grid gap-3">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {events.length === 1 ? '1 evento' : `${events.length} eventos`}
        {q ? ` para “${q}”` : null}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} />
          </li>
        ))}
      </ul>
    </section>
  )
}

export default EventsPage
