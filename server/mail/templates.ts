import { escapeHtml } from '../escape-html'
import type { Mail } from './mailer'

type MailLink = { label: string; url: string }

function layout(title: string, paragraphs: string[], action?: MailLink, footer?: MailLink): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0b5fa5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(action.url)}</p>`
    : ''
  return `<!doctype html><html lang="pt-BR"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#777">Vupt — crie, compartilhe, desapegue.</p>${footer ? `<p style="font-size:12px;color:#777"><a href="${escapeHtml(footer.url)}" style="color:#777">${escapeHtml(footer.label)}</a></p>` : ''}</body></html>`
}

export function buildMail(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: MailLink,
  footer?: MailLink,
): Mail {
  const text = [
    ...paragraphs,
    action ? `${action.label}: ${action.url}` : '',
    '— Vupt',
    footer ? `${footer.label}: ${footer.url}` : '',
  ]
    .filter(Boolean)
    .join('\n\n')
  return { to, subject, text, html: layout(subject, paragraphs, action, footer), link: action?.url }
}

const build = buildMail

export const verificationMail = (to: string, name: string, url: string) =>
  build(
    to,
    'Confirme seu e-mail no Vupt',
    [
      `Olá, ${name}!`,
      'Falta pouco: confirme que este e-mail institucional é seu. O link vale por 24 horas.',
      'Depois da confirmação, um administrador revisa sua conta (normalmente em 24 a 48 horas).',
    ],
    { label: 'Confirmar e-mail', url },
  )

export const reverificationMail = (
  to: string,
  name: string,
  semester: string,
  deadline: string,
  url: string,
) =>
  build(
    to,
    `Confirme seu e-mail institucional para o semestre ${semester}`,
    [
      `Olá, ${name}!`,
      `Um novo semestre vai começar. Para continuar publicando no Vupt, confirme que este e-mail da universidade ainda é seu até ${deadline}. É só tocar no botão abaixo.`,
      'Quem não confirma passa a egresso: continua entrando, lendo e conversando, mas não publica anúncios, pedidos nem eventos até confirmar.',
      'O link vale por 14 dias. Se ele expirar, peça outro em Minha Conta.',
    ],
    { label: 'Confirmar meu e-mail', url },
  )

export const passwordResetMail = (to: string, url: string) =>
  build(
    to,
    'Redefinição de senha do Vupt',
    [
      'Recebemos um pedido para redefinir a senha da sua conta.',
      'O link vale por 1 hora e só pode ser usado uma vez. Se não foi você, ignore este e-mail: sua senha continua a mesma.',
    ],
    { label: 'Redefinir senha', url },
  )

export const emailChangeMail = (to: string, url: string) =>
  build(
    to,
    'Confirme seu novo e-mail no Vupt',
    [
      'Você pediu para usar este endereço na sua conta do Vupt.',
      'Confirme pelo link abaixo (vale por 24 horas). Até lá, o e-mail antigo continua valendo.',
    ],
    { label: 'Confirmar novo e-mail', url },
  )

export const emailChangedNotice = (to: string, newEmail: string) =>
  build(to, 'Pedido de troca de e-mail no Vupt', [
    `Recebemos um pedido para trocar o e-mail da sua conta para ${newEmail}.`,
    'Se foi você, confirme pelo link enviado ao novo endereço. Se não foi, troque sua senha agora e fale com o suporte.',
  ])

export const googleLinkedNotice = (to: string, googleEmail: string) =>
  build(to, 'Conta Google vinculada ao Vupt', [
    `A conta Google ${googleEmail} foi vinculada à sua conta do Vupt e agora pode ser usada para entrar.`,
    'Se não foi você, troque sua senha agora, desvincule o Google em Minha Conta → Segurança e fale com o suporte.',
  ])
