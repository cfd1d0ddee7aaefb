import { trpc } from '@/lib/trpc'
import { RequestLinkButton } from './reverification-card'

/** Whether the signed-in member is an egresso (publishing closed until they confirm their e-mail). */
export function useIsAlumnus(): boolean {
  return trpc.semesters.standing.useQuery().data?.state === 'alumni'
}

/** In place of a publishing form, for an egresso: why it is closed and the way back. */
export function AlumniNotice() {
  return (
    <div role="status" className="grid justify-items-start gap-3 rounded-xl border bg-card p-5">
      <p className="font-medium">Confirme seu e-mail institucional para voltar a publicar.</p>
      <p className="text-muted-foreground text-sm">
        Enquanto o e-mail da universidade não for confirmado neste semestre, você continua lendo e
        conversando, mas não publica anúncios, pedidos nem eventos.
      </p>
      <RequestLinkButton />
    </div>
  )
}
