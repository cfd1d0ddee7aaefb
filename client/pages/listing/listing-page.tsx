import { CONDITION_LABELS } from '@shared/domain'
import { formatPrice } from '@shared/money'
import { routes } from '@shared/routes'
import type { ListingInput } from '@shared/schemas/listing'
import { CalendarDaysIcon, ChevronRightIcon, EyeIcon, MessageCircleIcon, PackageOpenIcon } from 'lucide-react'
import { Suspense, useEffect, useRef, useState } from 'react'
import { Link, useLocation, useParams, useSearchParams } from 'wouter'
import { DescriptionSection } from '@/components/description-section'
import { IconText } from '@/components/icon-text'
import { LoadingStatus } from '@/components/loading-status'
import { PageLoadFailed, PageUnavailable } from '@/components/page-states'
import { SkeletonStack } from '@/components/skeleton-stack'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { ListingGallery } from '@/features/listings/detail/listing-gallery'
import { type Listing, VuptButton, VuptCount } from '@/features/listings/detail/listing-reactions'
import { SellerCard } from '@/features/listings/detail/seller-card'
import { FavoriteButton } from '@/features/listings/favorite-button'
import type { ListingFormDefaults } from '@/features/listings/form/listing-form'
import { ListingStatusBadge } from '@/features/listings/listing-status-badge'
import { useInvalidateListings } from '@/features/listings/use-invalidate-listings'
import { ReportButton } from '@/features/safety/report-button'
import { usePublishingClosed } from '@/features/semesters/publishing-closed'
import { WantedMatches } from '@/features/wanted/wanted-matches'
import { useCommunity } from '@/lib/community'
import { formatLongDate } from '@/lib/dates'
import { lazyPage } from '@/lib/lazy-page'
import { toast, toastError, useLoadErrorToast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { useNotFoundRedirect } from '@/lib/use-not-found-redirect'
import { usePageTitle } from '@/lib/use-page-title'

// Only the seller sees the editor and the tools (with the form, select and dialog libraries): a member
// viewing someone else's listing does not download them. A seller's page is rendered with them on the
// server, and the browser loads their chunks before hydrating (lazyPage).
const ListingForm = lazyPage('features/listings/form/listing-form.tsx', () =>
  import('@/features/listings/form/listing-form').then((module) => ({ default: module.ListingForm })),
)
const OwnerTools = lazyPage('features/listings/detail/owner-tools.tsx', () =>
  import('@/features/listings/detail/owner-tools').then((module) => ({ default: module.OwnerTools })),
)

const viewsLabel = (views: number) => `${views} ${views === 1 ? 'visualização' : 'visualizações'}`

/** `/produto/:id`; `?editar=1` (the "Editar" link of Meus Produtos) opens the seller's editor directly. */
export function ListingPage() {
  const params = useParams<{ id: string }>()
  const raw = params.id ?? ''
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0
  // A fresh view per listing: the editor and redirect state must not leak from one listing to the next.
  return <ListingView key={id} id={id} />
}

function ListingView({ id }: { id: number }) {
  const [, navigate] = useLocation()
  const [searchParams] = useSearchParams()
  const [deleted, setDeleted] = useState(false)
  const query = trpc.listings.byId.useQuery({ id }, { enabled: id > 0 && !deleted })
  const notFound = id <= 0 || query.error?.data?.httpStatus === 404
  usePageTitle(query.data?.title ?? (notFound ? 'Anúncio não encontrado' : 'Anúncio'))

  useNotFoundRedirect(notFound, 'Anúncio não encontrado', 'listing-not-found')

  const failure = query.error && !notFound ? query.error : null
  useLoadErrorToast(failure, 'Erro ao carregar anúncio', 'listing-load-error')

  if (notFound) return <ListingNotFound />
  if (failure) {
    return (
      <PageLoadFailed
        title="Não foi possível carregar o anúncio"
        description="Verifique sua conexão e tente novamente."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  }
  if (!query.data) return <ListingSkeleton />

  return (
    <ListingDetails
      listing={query.data}
      startEditing={searchParams.get('editar') === '1'}
      onDeleted={() => {
        setDeleted(true)
        navigate(routes.myListings())
      }}
    />
  )
}

function ListingDetails({
  listing,
  startEditing,
  onDeleted,
}: {
  listing: Listing
  startEditing: boolean
  onDeleted: () => void
}) {
  const [, navigate] = useLocation()
  const { community } = useCommunity()
  const invalidateListings = useInvalidateListings()
  const update = trpc.listings.update.useMutation()
  const closed = usePublishingClosed()
  const canEdit = listing.isOwner && listing.moderationStatus !== 'removed' && !closed
  // An egresso writes to a seller they already talk to, and starts no new conversation.
  const newConversationClosed = closed && !listing.hasConversation ? closed : null
  const [editingWanted, setEditing] = useState(startEditing)
  const editing = editingWanted && canEdit
  const titleRef = useRef<HTMLHeadingElement>(null)
  const editorTitleRef = useRef<HTMLHeadingElement>(null)
  const shownEditing = useRef(editing)

  // Switching between the page and the editor replaces what had focus: move it to the new heading.
  useEffect(() => {
    if (shownEditing.current === editing) return
    shownEditing.current = editing
    ;(editing ? editorTitleRef : titleRef).current?.focus()
  }, [editing])

  const closeEditor = () => {
    setEditing(false)
    if (startEditing) navigate(routes.listing(listing.id), { replace: true })
  }

  const save = async (input: ListingInput) => {
    try {
      await update.mutateAsync({ id: listing.id, ...input })
      toast.success('Anúncio atualizado com sucesso!')
      await invalidateListings('edited', listing.id)
      closeEditor()
    } catch (error) {
      toastError(error, 'Erro ao atualizar anúncio')
    }
  }

  if (editing) {
    const defaults: ListingFormDefaults = {
      title: listing.title,
      description: listing.description,
      priceCents: listing.priceCents,
      mainCategoryId: listing.mainCategoryId,
      subcategoryId: listing.subcategoryId,
      condition: listing.condition,
      courseId: listing.courseId,
      disciplineIds: listing.disciplines.map((discipline) => discipline.id),
      isbn: listing.isbnDisplay ?? listing.isbn,
      // A photo whose upload record is gone cannot be attached again, so it cannot be kept.
      images: listing.images.flatMap((image) => (image.id ? [{ ...image, id: image.id }] : [])),
    }
    return (
      <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8">
        <header className="grid gap-1">
          <h1 ref={editorTitleRef} tabIndex={-1} className="font-bold text-2xl outline-none">
            Editar anúncio
          </h1>
          <p className="text-muted-foreground">As alterações aparecem para todos assim que você salvar.</p>
        </header>
        <Suspense fallback={<EditorSkeleton />}>
          <ListingForm
            mode="edit"
            defaultValues={defaults}
            onSubmit={save}
            onCancel={closeEditor}
            className="rounded-xl border bg-card p-4 shadow-xs sm:p-6"
          />
        </Suspense>
      </div>
    )
  }

  const publishedOn = formatLongDate(listing.createdAt, community?.timeZone)
  return (
    <article className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-6 md:py-10">
      <div className="grid gap-8 md:grid-cols-2 md:items-start">
        <ListingGallery images={listing.images} title={listing.title} />
        <div className="grid content-start gap-5">
          <nav
            aria-label="Categoria"
            className="flex flex-wrap items-center gap-1 text-muted-foreground text-sm"
          >
            {listing.mainCategorySlug && listing.mainCategoryName ? (
              <Link href={`/${listing.mainCategorySlug}`} className="hover:text-foreground hover:underline">
                {listing.mainCategoryName}
              </Link>
            ) : null}
            {listing.subcategoryName ? (
              <>
                <ChevronRightIcon className="size-4" aria-hidden="true" />
                <span>{listing.subcategoryName}</span>
              </>
            ) : null}
          </nav>
          <div className="grid gap-2">
            <h1
              ref={titleRef}
              tabIndex={-1}
              className="break-words font-bold text-2xl outline-none md:text-3xl"
            >
              {listing.title}
            </h1>
            <p className="font-extrabold text-3xl text-primary">{formatPrice(listing.priceCents)}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{CONDITION_LABELS[listing.condition]}</Badge>
            {listing.isOwner && (listing.status !== 'ativo' || listing.moderationStatus === 'removed') ? (
              <ListingStatusBadge status={listing.status} moderationStatus={listing.moderationStatus} />
            ) : null}
          </div>
          {listing.courseName || listing.isbnDisplay ? (
            <dl className="grid gap-1 text-sm">
              {listing.courseName ? (
                <div className="flex flex-wrap gap-x-1">
                  <dt className="text-muted-foreground">Curso:</dt>
                  <dd>{listing.courseName}</dd>
                </div>
              ) : null}
              {listing.disciplines.length > 0 ? (
                <div className="flex flex-wrap gap-x-1">
                  <dt className="text-muted-foreground">
                    {listing.disciplines.length === 1 ? 'Disciplina:' : 'Disciplinas:'}
                  </dt>
                  <dd>
                    {listing.disciplines
                      .map((discipline) =>
                        discipline.code ? `${discipline.name} (${discipline.code})` : discipline.name,
                      )
                      .join(', ')}
                  </dd>
                </div>
              ) : null}
              {listing.isbnDisplay ? (
                <div className="flex flex-wrap gap-x-1">
                  <dt className="text-muted-foreground">ISBN:</dt>
                  <dd className="tabular-nums">{listing.isbnDisplay}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-sm">
            <IconText icon={EyeIcon}>{viewsLabel(listing.views)}</IconText>
            {publishedOn ? <IconText icon={CalendarDaysIcon}>Publicado em {publishedOn}</IconText> : null}
          </p>

          {listing.isOwner ? (
            <div className="grid gap-3">
              <VuptCount count={listing.vuptsCount} />
              <Button type="button" size="lg" disabled className="w-full">
                Seu anúncio
              </Button>
            </div>
          ) : (
            <div className="grid gap-3">
              <VuptButton listing={listing} />
              <div className="grid gap-2 sm:grid-cols-[1fr_auto]">
                {listing.seller.username && !newConversationClosed ? (
                  <Button asChild size="lg">
                    <Link href={routes.chat({ vendedor: listing.seller.username, produto: listing.id })}>
                      <MessageCircleIcon aria-hidden="true" />
                      Enviar mensagem
                    </Link>
                  </Button>
                ) : (
                  <Button
                    size="lg"
                    disabled
                    aria-describedby={newConversationClosed ? 'listing-publishing-closed' : undefined}
                  >
                    <MessageCircleIcon aria-hidden="true" />
                    Enviar mensagem
                  </Button>
                )}
                <FavoriteButton listing={listing} variant="labelled" />
              </div>
              {newConversationClosed ? (
                <p id="listing-publishing-closed" className="text-muted-foreground text-sm">
                  {newConversationClosed}
                </p>
              ) : null}
            </div>
          )}

          {listing.isOwner ? <WantedMatches matches={listing.wantedMatches} /> : null}
          <SellerCard seller={listing.seller} />
          {listing.isOwner ? (
            <OwnerTools listing={listing} onEdit={() => setEditing(true)} onDeleted={onDeleted} />
          ) : (
            <div className="flex justify-end">
              <ReportButton targetType="listing" targetId={listing.id} />
            </div>
          )}
        </div>
      </div>
      <DescriptionSection
        id="description-heading"
        title="Descrição"
        text={listing.description}
        className="grid max-w-3xl gap-2"
      />
    </article>
  )
}

function ListingNotFound() {
  return (
    <PageUnavailable
      icon={PackageOpenIcon}
      title="Anúncio não encontrado"
      description="Ele pode ter sido vendido, removido ou não estar disponível. Levando você para o início..."
      announce
      backHref={`~${routes.home()}`}
      backLabel="Voltar para o início"
    />
  )
}

function ListingSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-6 md:py-10">
      <LoadingStatus>Carregando anúncio...</LoadingStatus>
      <div className="grid gap-8 md:grid-cols-2">
        <Skeleton className="aspect-square w-full rounded-xl" />
        <SkeletonStack
          className="grid content-start gap-4"
          shapes={[
            'h-4 w-40',
            'h-8 w-3/4',
            'h-9 w-36',
            'h-6 w-24',
            'h-4 w-56',
            'h-11 w-full',
            'h-28 w-full rounded-xl',
          ]}
        />
      </div>
      <SkeletonStack
        className="grid max-w-3xl gap-2"
        shapes={['h-6 w-32', 'h-4 w-full', 'h-4 w-5/6', 'h-4 w-2/3']}
      />
    </div>
  )
}

/** The editor's place while its code loads: the form's fields, in the card they come in. */
function EditorSkeleton() {
  return (
    <div className="grid gap-6 rounded-xl border bg-card p-4 shadow-xs sm:p-6">
      <LoadingStatus>Carregando editor...</LoadingStatus>
      <SkeletonStack
        className="grid gap-5"
        shapes={[
          'h-28 w-full rounded-xl',
          'h-10 w-full',
          'h-24 w-full',
          'h-10 w-full',
          'h-10 w-full',
          'h-10 w-40',
        ]}
      />
    </div>
  )
}

export default ListingPage
