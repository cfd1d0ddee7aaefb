import { useViewer } from '@/lib/auth'
import { trpc } from '@/lib/trpc'
import { RequestLinkButton } from './reverification-card'

/**
 * Over an egresso's pages: why publishing is closed and the way back. Only approved members are
 * asked; everyone else sees nothing.
 */
export function AlumniBanner() {
  const { viewer } = useViewer()
  const standing = trpc.semesters.standing.useQuery(undefined, {
    enabled: Boolean(viewer?.approved),
  })
  if (standing.data?.state !== 'alumni') return null
  return (
    <section
      aria-label="Confirmação do e-mail institucional"
      className="border-b bg-amber-50 dark:bg-amber-950"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-3 px-4 py-3 text-sm">
        <p className="min-w-0 flex-1">
          <strong>Confirme seu e-mail institucional para voltar a publicar.</strong> Seus anúncios estão
          pausados e voltam ao ar assim que você confirmar.
        </p>
        <RequestLinkButton size="sm" />
      </div>
    </section>
  )
}

export default AlumniBanner
