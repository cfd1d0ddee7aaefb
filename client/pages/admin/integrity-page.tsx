import { INTEGRITY_ACTION_LABELS, INTEGRITY_RULES_MAX } from '@shared/integrity'
import { GraduationCapIcon } from 'lucide-react'
import { useState } from 'react'
import { ItemRow } from '@/components/item-row'
import { EmptyState, ListSkeleton, QueryStates } from '@/components/query-states'
import { RemoveButton } from '@/components/remove-button'
import { Badge } from '@/components/ui/badge'
import { AdminLayout } from '@/features/admin/admin-layout'
import { ConfirmRemoval } from '@/features/admin/confirm-removal'
import {
  IntegrityRuleDialog,
  type IntegrityRuleDialogState,
  type IntegrityRuleRow,
} from '@/features/admin/integrity-rule-dialog'
import { EditButton, NewItemButton } from '@/features/admin/item-buttons'
import { removalCallbacks } from '@/features/admin/removal-callbacks'
import { trpc } from '@/lib/trpc'
import { whenClosed } from '@/lib/when-closed'

/** `/admin/integridade`: the community's academic-integrity word rules. Administrators only. */
export function AdminIntegrityPage() {
  return (
    <AdminLayout
      title="Integridade acadêmica"
      description="Frases que recusam anúncios e pedidos que vendem o que a universidade proíbe, ou que os publicam e enviam à moderação."
      access="admin"
    >
      <IntegrityAdmin />
    </AdminLayout>
  )
}

function IntegrityAdmin() {
  const utils = trpc.useUtils()
  const [dialog, setDialog] = useState<IntegrityRuleDialogState>(null)
  const [removing, setRemoving] = useState<IntegrityRuleRow | null>(null)
  const rules = trpc.admin.integrity.list.useQuery()
  const remove = trpc.admin.integrity.delete.useMutation(
    removalCallbacks({
      closeDialog: () => setRemoving(null),
      successMessage: 'Regra excluída!',
      errorTitle: 'Erro ao excluir regra',
      refresh: () => utils.admin.integrity.list.invalidate(),
    }),
  )
  const full = (rules.data?.length ?? 0) >= INTEGRITY_RULES_MAX

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <NewItemButton onClick={() => setDialog({ mode: 'create' })} disabled={full}>
          Nova regra
        </NewItemButton>
        {full ? (
          <p className="text-muted-foreground text-sm">Limite de {INTEGRITY_RULES_MAX} regras atingido.</p>
        ) : null}
      </div>

      <QueryStates
        query={rules}
        loading={<ListSkeleton label="Carregando regras..." rowClassName="h-20" />}
        errorTitle="Erro ao carregar regras"
        empty={
          <EmptyState
            icon={<GraduationCapIcon aria-hidden="true" />}
            title="Nenhuma regra"
            description="Sem regras, nenhum anúncio ou pedido é recusado ou enviado à moderação por suas palavras."
          />
        }
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <ul className="grid gap-2" aria-label="Regras de integridade acadêmica">
            {rows.map((rule) => (
              <ItemRow key={rule.id}>
                <div className="grid min-w-0 gap-1">
                  <div>
                    <Badge variant={rule.action === 'refuse' ? 'destructive' : 'secondary'}>
                      {INTEGRITY_ACTION_LABELS[rule.action]}
                    </Badge>
                  </div>
                  <p className="break-words font-medium font-mono text-sm">{rule.phrase}</p>
                  <p className="break-words text-muted-foreground text-sm">{rule.reason}</p>
                </div>
                <div className="flex gap-2 sm:shrink-0">
                  <EditButton
                    onClick={() => setDialog({ mode: 'edit', item: rule })}
                    aria-label={`Editar regra ${rule.phrase}`}
                  />
                  <RemoveButton onClick={() => setRemoving(rule)} aria-label={`Excluir regra ${rule.phrase}`}>
                    Excluir
                  </RemoveButton>
                </div>
              </ItemRow>
            ))}
          </ul>
        )}
      </QueryStates>

      <IntegrityRuleDialog state={dialog} onOpenChange={whenClosed(() => setDialog(null))} />
      <ConfirmRemoval
        item={removing}
        onClose={() => setRemoving(null)}
        title="Excluir esta regra?"
        describe={(rule) => `“${rule.phrase}” deixa de valer para novas publicações e edições.`}
        confirmLabel="Excluir"
        busyLabel="Excluindo..."
        busy={remove.isPending}
        onConfirm={(rule) => remove.mutate({ id: rule.id })}
      />
    </div>
  )
}

export default AdminIntegrityPage
