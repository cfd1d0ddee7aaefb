import { usePublishingClosed } from './publishing-closed'
import { RequestLinkButton } from './reverification-card'

/**
 * Over an egresso's pages: why publishing is closed and the way back. Only approved members are
 * asked; everyone else sees nothing.
 */
export function AlumniBanner() {
  const closed = usePublishingClosed()
  if (!closed) return null
  return (
    <section aria-label="Confirmação do e-mail institucional" className="border-b bg-amber-50">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-3 px-4 py-3 text-sm">
        <p className="min-w-0 flex-1">
          <strong>{closed}</strong> Seus anúncios estão pausados e voltam ao ar assim que você confirmar.
        </p>
        <RequestLinkButton size="sm" />
      </div>
    </section>
  )
}

export default AlumniBanner
