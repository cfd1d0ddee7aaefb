import { BANNER_PLACEMENT_LABELS } from '@shared/schemas/admin'
import { ExternalLinkIcon, ImageIcon } from 'lucide-react'
import { UploadThumbnail } from '@/components/page/upload-thumbnail'
import { type BannerRow, groupByPlacement } from '@/features/admin/banner-form'
import { BannerFormDialog } from '@/features/admin/banner-form-dialog'
import { NewItemButton } from '@/features/admin/item-buttons'
import { changeCallbacks } from '@/features/admin/removal-callbacks'
import { Switch } from '@/features/admin/switch'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import {
  AdminCrudList,
  type AdminListTexts,
  EditRemoveButtons,
  ItemGroup,
  type RemovalTexts,
  useAdminCrud,
} from './admin-crud'
import { adminPage } from './admin-frame'

/** `/admin/banners`: the portal's banners by placement. Administrators only. */
export const AdminBannersPage = adminPage(
  { title: 'Banners', description: 'Gerencie os banners exibidos no portal da comunidade.', access: 'admin' },
  BannersAdmin,
)

const LIST: AdminListTexts<BannerRow[]> = {
  items: 'banners',
  rowClassName: 'h-32',
  empty: {
    icon: <ImageIcon aria-hidden="true" />,
    title: 'Nenhum banner cadastrado',
    description: 'Crie o primeiro banner para destacar avisos e campanhas no portal.',
  },
}

const REMOVAL: RemovalTexts<BannerRow> = {
  title: 'Tem certeza que deseja remover este banner?',
  describe: (banner) => `“${banner.title}” deixará de aparecer no portal. Esta ação não pode ser desfeita.`,
  confirmLabel: 'Remover banner',
  busyLabel: 'Removendo...',
  successMessage: 'Banner removido!',
  errorTitle: 'Erro ao remover banner',
}

function BannersAdmin() {
  const utils = trpc.useUtils()
  const banners = trpc.admin.banners.list.useQuery()

  const refresh = () =>
    Promise.all([
      utils.admin.banners.list.invalidate(),
      utils.admin.dashboard.summary.invalidate(),
      utils.banners.invalidate(),
    ])

  const setActive = trpc.admin.banners.setActive.useMutation(
    changeCallbacks({ successMessage: 'Banner atualizado!', errorTitle: 'Erro ao salvar banner', refresh }),
  )

  const crud = useAdminCrud(trpc.admin.banners.delete.useMutation, REMOVAL, refresh)

  return (
    <AdminCrudList
      {...LIST}
      query={banners}
      crud={crud}
      form={<BannerFormDialog {...crud.form} />}
      toolbar={
        <div>
          <NewItemButton onClick={() => crud.create()}>Novo banner</NewItemButton>
        </div>
      }
    >
      {(rows) =>
        groupByPlacement(rows).map((group) => (
          <ItemGroup
            key={group.placement}
            id={`banners-${group.placement}`}
            title={BANNER_PLACEMENT_LABELS[group.placement]}
            count={group.banners.length}
            empty="Nenhum banner nesta posição."
          >
            <ul className="grid gap-3">
              {group.banners.map((banner) => (
                <BannerItem
                  key={banner.id}
                  banner={banner}
                  toggling={setActive.isPending && setActive.variables?.id === banner.id}
                  onToggle={(active) => setActive.mutate({ id: banner.id, active })}
                  onEdit={() => crud.edit(banner)}
                  onRemove={() => crud.remove(banner)}
                />
              ))}
            </ul>
          </ItemGroup>
        ))
      }
    </AdminCrudList>
  )
}

function BannerItem({
  banner,
  toggling,
  onToggle,
  onEdit,
  onRemove,
}: {
  banner: BannerRow
  toggling: boolean
  onToggle: (active: boolean) => void
  onEdit: () => void
  onRemove: () => void
}) {
  const switchId = `banner-active-${banner.id}`
  return (
    <li className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-[12rem_1fr]">
      <UploadThumbnail
        src={banner.imageUrl}
        className={cn(
          'aspect-[16/5] w-full rounded-md bg-muted object-cover',
          !banner.active && 'opacity-60',
        )}
      />
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="break-words font-semibold">{banner.title}</h3>
          <span className="text-muted-foreground text-sm">Ordem {banner.displayOrder}</span>
        </div>
        {banner.description ? <p className="break-words text-sm">{banner.description}</p> : null}
        {banner.linkUrl ? (
          <a
            href={banner.linkUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit max-w-full items-center gap-1 text-primary text-sm hover:underline"
          >
            <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{banner.linkUrl}</span>
            <span className="sr-only">(abre em nova aba)</span>
          </a>
        ) : null}
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <div className="mr-auto flex items-center gap-2">
            <Switch
              id={switchId}
              checked={banner.active}
              disabled={toggling}
              onCheckedChange={onToggle}
              aria-label={`Exibir banner ${banner.title}`}
            />
            <span
              className={cn('text-sm', banner.active ? 'font-medium' : 'text-muted-foreground')}
              aria-hidden="true"
            >
              {toggling ? 'Salvando...' : banner.active ? 'Ativo' : 'Inativo'}
            </span>
          </div>
          <EditRemoveButtons
            className="flex gap-2"
            name={`banner ${banner.title}`}
            remove="Remover"
            onEdit={onEdit}
            onRemove={onRemove}
          />
        </div>
      </div>
    </li>
  )
}

export default AdminBannersPage
