import { REPORT_REVIEW_HOURS } from '@shared/safety'
import { FlagIcon } from 'lucide-react'
import { useState } from 'react'
import { ListQueryStates } from '@/components/page/list-query-states'
import { ReportDecisionDialog } from '@/features/admin/report-decision-dialog'
import { ReportGroup, type ReportQueueGroup } from '@/features/admin/report-group'
import { trpc } from '@/lib/trpc'
import { adminPage } from './admin-frame'

/** `/admin/denuncias`: open reports, grouped by target, the longest-waiting first. */
export const AdminReportsPage = adminPage(
  {
    title: 'Denúncias',
    description: `Cada denúncia deve ser analisada em até ${REPORT_REVIEW_HOURS} horas. As mais antigas aparecem primeiro.`,
  },
  ReportsQueue,
)

function ReportsQueue() {
  const queue = trpc.admin.reports.queue.useQuery()
  const [deciding, setDeciding] = useState<ReportQueueGroup | null>(null)
  return (
    <ListQueryStates
      query={queue}
      items="denúncias"
      empty={{
        icon: <FlagIcon aria-hidden="true" />,
        title: 'Nenhuma denúncia aberta',
        description: 'Quando alguém denunciar um anúncio, um perfil ou uma mensagem, ela aparece aqui.',
      }}
    >
      {(groups) => (
        <>
          <ul className="grid gap-3" aria-label="Denúncias abertas">
            {groups.map((group) => (
              <ReportGroup
                key={`${group.targetType}:${group.targetId}`}
                group={group}
                onDecide={() => setDeciding(group)}
              />
            ))}
          </ul>
          <ReportDecisionDialog group={deciding} onClose={() => setDeciding(null)} />
        </>
      )}
    </ListQueryStates>
  )
}

export default AdminReportsPage
