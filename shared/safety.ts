/** Safety vocabulary both sides use: report reasons, scam signals and their pt-BR texts. */

export const SCAM_SIGNALS = [
  'pix_before_meeting',
  'verification_code',
  'outside_payment_link',
  'phone_first_message',
] as const
export type ScamSignal = (typeof SCAM_SIGNALS)[number]

/** The discreet line shown under a received message. */
export const SCAM_WARNINGS: Record<ScamSignal, string> = {
  pix_before_meeting:
    'Cuidado: pedir Pix antes de vocês se encontrarem é o golpe mais comum. Pague só na entrega, com o produto em mãos.',
  verification_code:
    'Nunca passe códigos de verificação recebidos por SMS, WhatsApp ou e-mail: com eles, golpistas tomam suas contas.',
  outside_payment_link:
    'Este link leva para fora do Vupt. Não pague nem informe dados em páginas de pagamento ou de frete enviadas pelo chat.',
  phone_first_message:
    'Quem pede para continuar a conversa fora do Vupt logo na primeira mensagem pode estar tentando escapar da moderação.',
}

export const SAFETY_TIPS_PATH = '/faq#dicas-de-seguranca'
