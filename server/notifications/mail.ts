import type { Mail } from '../mail/mailer'
import { buildMail } from '../mail/templates'

/** A notification as an e-mail, with its kind's one-click unsubscribe link (body and RFC 8058 headers). */
export function notificationMail(input: {
  to: string
  subject: string
  paragraphs: string[]
  action?: { label: string; url: string } | undefined
  unsubscribe: string
}): Mail {
  const mail = buildMail(input.to, input.subject, input.paragraphs, input.action, {
    label: 'Não quero mais receber este tipo de e-mail',
    url: input.unsubscribe,
  })
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
