import { INTEGRITY_ACTION_LABELS, INTEGRITY_RULES_MAX } from '@shared/integrity'
import { GraduationCapIcon } from 'lucide-react'
import { ItemRow } from '@/components/item-row'
import { Badge } from '@/components/ui/badge'
import { IntegrityRuleDialog, type IntegrityRuleRow } from '@/features/admin/integrity-rule-dialog'
import { NewItemButton } from '@/features/admin/item-buttons'
import { trpc } from '@/lib/trpc'
import {
  AdminCrudList,
  type AdminListTexts,
  CrudButtons,
  type RemovalTexts,
  useAdminCrud,
} from './admin-crud'
import { adminPage } from './admin-frame'

/** `/admin/integridade`: the community's academic-integrity word rules. Administrators only. */
export const AdminIntegrityPage = adminPage(
  {
    title: 'Integridade acadêmica',
    description:
      'Frases que recusam anúncios e pedidos que vendem o que a universidade proíbe, ou que os publicam e enviam à moderação.',
    access: 'admin',
  },
  IntegrityAdmin,
)

const LIST: AdminListTexts<IntegrityRuleRow[]> = {
  items: 'regras',
  rowClassName: 'h-20',
  empty: {
    icon: <GraduationCapIcon aria-hidden="true" />,
    title: 'Nenhuma regra',
    description: 'Sem regras, nenhum anúncio ou pedido é recusado ou enviado à moderação por suas palavras.',
  },
}

const REMOVAL: RemovalTexts<IntegrityRuleRow> = {
  title: 'Excluir esta regra?',
  describe: (rule) => `“${rule.phrase}” deixa de valer para novas publicações e edições.`,
  successMessage: 'Regra excluída!',
  errorTitle: 'Erro ao excluir regra',
}

function IntegrityAdmin() {
  const utils = trpc.useUtils()
  const rules = trpc.admin.integrity.list.useQuery()
  const crud = useAdminCrud(trpc.admin.integrity.delete.useMutation, REMOVAL, () =>
    utils.admin.integrity.list.invalidate(),
  )
  const full = (rules.data?.length ?? 0) >= INTEGRITY_RULES_MAX

  return (
    <AdminCrudList
      {...LIST}
      query={rules}
      crud={crud}
      form={<IntegrityRuleDialog {...crud.form} />}
      toolbar={
        <div className="flex flex-wrap items-center gap-3">
          <NewItemButton onClick={() => crud.create()} disabled={full}>
            Nova regra
          </NewItemButton>
          {full ? (
            <p className="text-muted-foreground text-sm">Limite de {INTEGRITY_RULES_MAX} regras atingido.</p>
          ) : null}
        </div>
      }
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
              <CrudButtons crud={crud} item={rule} name={`regra ${rule.phrase}`} />
            </ItemRow>
          ))}
        </ul>
      )}
    </AdminCrudList>
  )
}

export default AdminIntegrityPage
