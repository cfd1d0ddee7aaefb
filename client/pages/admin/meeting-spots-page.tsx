import { weekdaysText } from '@shared/schemas/meeting-spots'
import { ArchiveIcon, ArchiveRestoreIcon, MapPinIcon } from 'lucide-react'
import { ItemRow } from '@/components/item-row'
import { RemoveButton } from '@/components/remove-button'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EditButton, NewItemButton } from '@/features/admin/item-buttons'
import { changeCallbacks } from '@/features/admin/removal-callbacks'
import { MeetingSpotFormDialog, type MeetingSpotRow } from '@/features/deals/meeting-spot-form-dialog'
import { trpc } from '@/lib/trpc'
import { AdminCrudList, type AdminListTexts, type RemovalTexts, useAdminCrud } from './admin-crud'
import { adminPage } from './admin-frame'

/** `/admin/pontos-de-encontro`: the community's safe hand-off spots. Administrators only. */
export const AdminMeetingSpotsPage = adminPage(
  {
    title: 'Pontos de encontro',
    description:
      'Lugares do campus onde os membros combinam a entrega. Confira no local o horário de funcionamento e a segurança de cada ponto antes de oferecê-lo: os membros veem o nome, a descrição e o horário exatamente como você escreveu. Um ponto já usado numa entrega pode ser desativado, não excluído.',
    access: 'admin',
  },
  MeetingSpotsAdmin,
)

const meetingsLabel = (count: number) =>
  count === 0
    ? 'Nenhuma entrega combinada aqui'
    : count === 1
      ? '1 entrega combinada aqui'
      : `${count} entregas combinadas aqui`

const LIST: AdminListTexts<MeetingSpotRow[]> = {
  items: 'pontos de encontro',
  rowClassName: 'h-20',
  empty: {
    icon: <MapPinIcon aria-hidden="true" />,
    title: 'Nenhum ponto de encontro cadastrado',
    description: 'Cadastre lugares movimentados do campus, como a entrada da biblioteca.',
  },
}

const REMOVAL: RemovalTexts<MeetingSpotRow> = {
  title: 'Excluir este ponto de encontro?',
  describe: (spot) => `“${spot.name}” será excluído. Esta ação não pode ser desfeita.`,
  successMessage: 'Ponto de encontro excluído!',
  errorTitle: 'Erro ao excluir',
}

function MeetingSpotsAdmin() {
  const utils = trpc.useUtils()
  const spots = trpc.admin.meetingSpots.list.useQuery()
  const refresh = () =>
    Promise.all([utils.admin.meetingSpots.list.invalidate(), utils.deals.meetingSpots.list.invalidate()])
  const crud = useAdminCrud(trpc.admin.meetingSpots.delete.useMutation, REMOVAL, refresh)
  const retire = trpc.admin.meetingSpots.setRetired.useMutation(
    changeCallbacks({
      successMessage: (spot: { retiredAt: string | null }) =>
        spot.retiredAt ? 'Ponto de encontro desativado.' : 'Ponto de encontro reativado!',
      errorTitle: 'Erro ao salvar ponto de encontro',
      refresh,
    }),
  )

  return (
    <AdminCrudList
      {...LIST}
      query={spots}
      crud={crud}
      form={<MeetingSpotFormDialog {...crud.form} />}
      toolbar={
        <div>
          <NewItemButton onClick={() => crud.create()}>Novo ponto de encontro</NewItemButton>
        </div>
      }
    >
      {(rows) => (
        <ul className="grid gap-2" aria-label="Pontos de encontro">
          {rows.map((spot) => {
            const retired = spot.retiredAt !== null
            const busy = retire.isPending && retire.variables?.id === spot.id
            return (
              <ItemRow key={spot.id}>
                <div className="flex min-w-0 items-start gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted"
                  >
                    <MapPinIcon className="size-5" />
                  </span>
                  <div className="grid min-w-0 gap-0.5">
                    <p className="flex flex-wrap items-center gap-2 break-words font-medium">
                      {spot.name}
                      {retired ? <Badge variant="outline">Desativado</Badge> : null}
                    </p>
                    <p className="break-words text-muted-foreground text-sm">{spot.description}</p>
                    <p className="text-muted-foreground text-xs">
                      {weekdaysText(spot.weekdays)}, das {spot.opensAt} às {spot.closesAt} ·{' '}
                      {meetingsLabel(spot.meetings)}
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2 sm:shrink-0">
                  <EditButton onClick={() => crud.edit(spot)} aria-label={`Editar ${spot.name}`} />
                  <Button
                    variant="outline"
                    disabled={busy}
                    aria-busy={busy || undefined}
                    onClick={() => retire.mutate({ id: spot.id, retired: !retired })}
                    aria-label={`${retired ? 'Reativar' : 'Desativar'} ${spot.name}`}
                  >
                    {retired ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
                    {retired ? 'Reativar' : 'Desativar'}
                  </Button>
                  {spot.meetings === 0 ? (
                    <RemoveButton onClick={() => crud.remove(spot)} aria-label={`Excluir ${spot.name}`}>
                      Excluir
                    </RemoveButton>
                  ) : null}
                </div>
              </ItemRow>
            )
          })}
        </ul>
      )}
    </AdminCrudList>
  )
}

export default AdminMeetingSpotsPage
