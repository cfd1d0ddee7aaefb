import { WANTED_SORT_LABELS, WANTED_SORTS, type WantedSort, wantersLabel } from '@shared/wanted'
import { CheckIcon, PencilIcon, PlusIcon, SearchIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ItemRow } from '@/components/item-row'
import { LabelledSection } from '@/components/labelled-section'
import { LabelOptions } from '@/components/page/label-options'
import { PageHeader } from '@/components/page-header'
import { EmptyState, ListSkeleton, LoadError } from '@/components/query-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { type RemovalTarget, RemoveListingDialog } from '@/features/admin/remove-listing-dialog'
import { PublishingClosedNote, usePublishingClosed } from '@/features/semesters/publishing-closed'
import { maxPriceLabel } from '@/features/wanted/max-price-label'
import { WantedCard } from '@/features/wanted/wanted-card'
import { type EditableWanted, WantedFormDialog } from '@/features/wanted/wanted-form-dialog'
import { parseWantedSearch, serializeWantedSearch } from '@/features/wanted/wanted-search-params'
import type { RouterOutputs } from '@/lib/api-types'
import { useViewer } from '@/lib/auth'
import { formatDate } from '@/lib/dates'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'
import { useSearchState } from '@/lib/use-search-state'
import { whenClosed } from '@/lib/when-closed'

type MyWanted = RouterOutputs['wanted']['mine'][number]

const STATE_LABELS: Record<MyWanted['state'], string> = {
  aberto: 'No ar',
  encerrado: 'Encerrado',
  expirado: 'Expirado',
  removido: 'Removido pela moderação',
}

/** Why an egresso's "Publicar pedido" and "Editar" are disabled. */
const CLOSED_NOTE_ID = 'wanted-publishing-closed'

/** `/procura-se`: the community's wanted posts, and the member's own with their state. */
export function WantedPage() {
  usePageTitle('Procura-se')
  const { viewer } = useViewer()
  const canModerate = viewer?.roles.some((role) => role === 'admin' || role === 'moderator') ?? false
  const [editing, setEditing] = useState<EditableWanted | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [removing, setRemoving] = useState<RemovalTarget | null>(null)
  const [closing, setClosing] = useState<MyWanted | null>(null)
  const closed = usePublishingClosed()
  const closedNote = closed ? CLOSED_NOTE_ID : undefined

  const openForm = (post: EditableWanted | null) => {
    setEditing(post)
    setFormOpen(true)
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8">
      <PageHeader
        title="Procura-se"
        description="Não achou no portal? Diga o que você procura. Quando alguém anunciar algo que combine, você recebe um aviso."
        descriptionClassName="max-w-2xl"
        action={
          <Button onClick={() => openForm(null)} disabled={Boolean(closed)} aria-describedby={closedNote}>
            <PlusIcon aria-hidden="true" />
            Publicar pedido
          </Button>
        }
      />
      {closed ? <PublishingClosedNote id={CLOSED_NOTE_ID} reason={closed} /> : null}

      <MyWantedSection onEdit={(post) => openForm(post)} onClose={setClosing} closedNote={closedNote} />

      <LabelledSection
        id="wanted-board"
        title="Pedidos da comunidade"
        className="grid gap-4"
        headingClassName="font-bold text-lg"
      >
        <p className="-mt-2 text-muted-foreground text-sm">
          Procura o mesmo que alguém? Toque em “Eu também” em vez de publicar outro pedido: você é avisado
          junto, e quem vende vê quantas pessoas procuram.
        </p>
        <WantedBoard
          canModerate={canModerate}
          onRemove={(post) => setRemoving({ id: post.id, title: post.title, kind: 'wanted' })}
          onCreate={() => openForm(null)}
          closedNote={closedNote}
        />
      </LabelledSection>

      <WantedFormDialog open={formOpen} post={editing} onOpenChange={setFormOpen} />
      <CloseWantedDialog post={closing} onDone={() => setClosing(null)} />
      <RemoveListingDialog listing={removing} onOpenChange={whenClosed(() => setRemoving(null))} />
    </div>
  )
}

function WantedBoard({
  canModerate,
  onRemove,
  onCreate,
  closedNote,
}: {
  canModerate: boolean
  onRemove: (post: { id: number; title: string }) => void
  onCreate: () => void
  /** The note's id while publishing is closed to the member. */
  closedNote: string | undefined
}) {
  const [{ sort }, setSearch] = useSearchState(parseWantedSearch, serializeWantedSearch)
  const board = trpc.wanted.board.useInfiniteQuery(
    { sort },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, initialCursor: null },
  )
  const sortControl = <WantedSortSelect value={sort} onChange={(next) => setSearch({ sort: next })} />
  if (board.isPending) {
    return (
      <div className="grid gap-4">
        {sortControl}
        <ListSkeleton rows={3} rowClassName="h-40" label="Carregando pedidos..." />
      </div>
    )
  }
  if (board.isError) {
    return <LoadError title="Erro ao carregar pedidos" query={board} />
  }
  const posts = board.data.pages.flatMap((page) => page.items)
  if (posts.length === 0) {
    return (
      <EmptyState
        icon={<SearchIcon aria-hidden="true" />}
        title="Nenhum pedido no ar"
        description="Ninguém está procurando nada agora. Seja o primeiro a dizer o que precisa."
        action={
          <Button
            variant="outline"
            onClick={onCreate}
            disabled={Boolean(closedNote)}
            aria-describedby={closedNote}
          >
            Publicar pedido
          </Button>
        }
      />
    )
  }
  return (
    <div className="grid gap-4">
      {sortControl}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.id}>
            <WantedCard
              post={post}
              canModerate={canModerate}
              onRemove={() => onRemove(post)}
              actions={<span className="text-muted-foreground text-sm">Seu pedido</span>}
            />
          </li>
        ))}
      </ul>
      {board.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => void board.fetchNextPage()}
          disabled={board.isFetchingNextPage}
        >
          {board.isFetchingNextPage ? 'Carregando...' : 'Ver mais pedidos'}
        </Button>
      ) : null}
    </div>
  )
}

/** The board's order, a plain select: the choice goes to the address, so a link keeps it. */
function WantedSortSelect({ value, onChange }: { value: WantedSort; onChange: (sort: WantedSort) => void }) {
  const id = useId()
  return (
    <div className="flex items-center gap-2 justify-self-end">
      <label htmlFor={id} className="text-muted-foreground text-sm">
        Ordenar por
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = WANTED_SORTS.find((sort) => sort === event.target.value)
          if (next) onChange(next)
        }}
        className="h-9 rounded-md border bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <LabelOptions values={WANTED_SORTS} labels={WANTED_SORT_LABELS} />
      </select>
    </div>
  )
}

function MyWantedSection({
  onEdit,
  onClose,
  closedNote,
}: {
  onEdit: (post: MyWanted) => void
  onClose: (post: MyWanted) => void
  /** The note's id while publishing is closed to the member. */
  closedNote: string | undefined
}) {
  const mine = trpc.wanted.mine.useQuery()
  if (mine.isPending) return <ListSkeleton rows={1} rowClassName="h-16" label="Carregando seus pedidos..." />
  if (mine.isError) {
    return <LoadError title="Erro ao carregar seus pedidos" query={mine} />
  }
  if (mine.data.length === 0) return null
  return (
    <LabelledSection
      id="my-wanted"
      title="Meus pedidos"
      className="grid gap-3"
      headingClassName="font-bold text-lg"
    >
      <ul className="grid gap-3">
        {mine.data.map((post) => (
          <ItemRow key={post.id} spacing="roomy">
            <div className="grid min-w-0 gap-1">
              <p className="break-words font-semibold">{post.title}</p>
              <p className="text-muted-foreground text-sm">
                {post.mainCategoryName} · {maxPriceLabel(post.maxPriceCents)} ·{' '}
                {wantersLabel(post.wantersCount)} ·{' '}
                {post.state === 'aberto'
                  ? `no ar até ${formatDate(post.expiresAt)}`
                  : `desde ${formatDate(post.createdAt)}`}
              </p>
              <div>
                <Badge
                  variant={
                    post.state === 'removido'
                      ? 'destructive'
                      : post.state === 'aberto'
                        ? 'default'
                        : 'secondary'
                  }
                >
                  {STATE_LABELS[post.state]}
                </Badge>
              </div>
              {post.state === 'removido' && post.removalReason ? (
                <p className="text-sm">
                  <span className="font-medium">Motivo:</span> {post.removalReason}
                </p>
              ) : null}
            </div>
            {post.state === 'removido' ? null : (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onEdit(post)}
                  disabled={Boolean(closedNote)}
                  aria-describedby={closedNote}
                >
                  <PencilIcon aria-hidden="true" />
                  {post.state === 'aberto' ? 'Editar' : 'Editar e republicar'}
                  <span className="sr-only"> o pedido {post.title}</span>
                </Button>
                {post.state === 'aberto' ? (
                  <Button variant="outline" size="sm" onClick={() => onClose(post)}>
                    <CheckIcon aria-hidden="true" />
                    Já encontrei
                    <span className="sr-only">: encerrar o pedido {post.title}</span>
                  </Button>
                ) : null}
              </div>
            )}
          </ItemRow>
        ))}
      </ul>
    </LabelledSection>
  )
}

function CloseWantedDialog({ post, onDone }: { post: MyWanted | null; onDone: () => void }) {
  const utils = trpc.useUtils()
  const close = trpc.wanted.close.useMutation({
    onSuccess: async () => {
      toast.success('Pedido encerrado. Que bom que você encontrou!')
      onDone()
      await Promise.all([utils.wanted.board.invalidate(), utils.wanted.mine.invalidate()])
    },
    onError: (error) => toastError(error, 'Erro ao encerrar pedido'),
  })
  return (
    <ConfirmDialog
      open={post !== null}
      onOpenChange={whenClosed(() => onDone())}
      title="Encerrar pedido?"
      description={
        post ? `“${post.title}” sai do Procura-se e você deixa de receber avisos sobre ele.` : undefined
      }
      confirmLabel="Encerrar pedido"
      busyLabel="Encerrando..."
      busy={close.isPending}
      destructive={false}
      onConfirm={() => post && close.mutate({ id: post.id })}
    />
  )
}

export default WantedPage
