import { RequestLinkButton } from './reverification-card'

/** In place of a publishing form, for an egresso: why it is closed and the way back. */
export function AlumniNotice({ reason }: { reason: string }) {
  return (
    <div role="status" className="grid justify-items-start gap-3 rounded-xl border bg-card p-5">
      <p className="font-medium">{reason}</p>
      <p className="text-muted-foreground text-sm">
        Enquanto o e-mail da universidade não for confirmado neste semestre, você continua lendo e
        conversando, mas não publica anúncios, pedidos, eventos, ofertas nem avaliações.
      </p>
      <RequestLinkButton />
    </div>
  )
}
