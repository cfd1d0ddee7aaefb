import type { ScamSignal } from '../../shared/safety'

/**
 * What scams on student marketplaces write in a chat, as plain rules over one message. Each rule
 * looks for a combination rather than a word ('pix' alone is how honest students pay, a link
 * alone is a portfolio), so an ordinary conversation stays free of warnings.
 */

/** Lower-case and without accents, so 'código', 'CODIGO' and 'codigo' read the same. */
function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

const PIX = /\bpix\b/
/** Paying before the meeting: ahead, a deposit, to hold the item, or simply "send the pix". */
const PAY_FIRST =
  /\b(antes|adiantad[oa]|antecipad[oa]|sinal|reserv(ar|o|a)|garantir|segurar|(manda|mande|envia|envie|faz|faca|fazer|transfere|transfira)\s+(o|um|uns)?\s*(pix|valor|pagamento))\b/
/** Paying when both are there with the item is the safe way and needs no warning. */
const PAY_ON_MEETING =
  /\b(na entrega|no encontro|pessoalmente|quando (a gente )?(se )?(encontrar|ver)|na hora (da|de) (entrega|retirada|buscar)|em maos|ao vivo|na retirada)\b/

const CODE = /\b(codigo|cod|token|pin)\b/
const CODE_CONTEXT =
  /\b(sms|verificacao|verificar|confirmacao|confirmar|whats(app)?|zap|chegou|recebeu|receber|mandaram|enviaram|enviei|te mandei|[46] digitos)\b/

const URL =
  /\b((https?:\/\/|www\.)[^\s]+|[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|net|org|io|app|me|ly|link|site|shop|store|xyz|com\.br)(\/[^\s]*)?)/g
/** In the address itself: the page is about paying or shipping. */
const PAYMENT_OR_SHIPPING =
  /(pag(ar|amento|ue)|checkout|boleto|cartao|frete|envio|rastre|entrega|correios|sedex|jadlog|pay|ship|track|cobranca|fatura)/
/** In the words around a link: the link is where to pay, ship or track. */
const LINK_PURPOSE =
  /\b(link|site|pagina) (de|do|da|para|pra) (pagamento|pagar|frete|envio|rastreio|entrega|cobranca|checkout)\b|\b(pague|pagar|paga|finalize|finalizar|conclua|concluir|rastreie|rastrear|preencha|cadastre)\s+(por|pelo|neste|nesse|no|na|aqui|seus dados|o cartao)\b|\b(calcule|calcular|pague|pagar) o frete\b/

/**
 * A Brazilian phone number: area code and eight or nine digits, with or without +55, spaces, dots,
 * hyphens or parentheses; or a bare mobile number written 9xxxx-xxxx.
 */
const PHONE =
  /(?<![\d,.])(\+?55[\s.-]?)?(\(?\d{2}\)?[\s.-]?)9?\d{4}[\s.-]?\d{4}(?![\d,])|(?<![\d,.])9\d{4}-\d{4}(?![\d,])/

export type ScamContext = {
  /** True when this is the sender's first message in the conversation. */
  firstFromSender: boolean
}

/** The scam signals in one message, in a stable order; empty for an ordinary message. */
export function scamSignals(content: string, context: ScamContext): ScamSignal[] {
  const text = normalize(content)
  const found: ScamSignal[] = []
  if (PIX.test(text) && PAY_FIRST.test(text) && !PAY_ON_MEETING.test(text)) found.push('pix_before_meeting')
  if (CODE.test(text) && CODE_CONTEXT.test(text)) found.push('verification_code')
  const links = text.match(URL) ?? []
  if (links.length > 0 && (links.some((link) => PAYMENT_OR_SHIPPING.test(link)) || LINK_PURPOSE.test(text))) {
    found.push('outside_payment_link')
  }
  if (context.firstFromSender && PHONE.test(text.replace(URL, ' '))) found.push('phone_first_message')
  return found
}
