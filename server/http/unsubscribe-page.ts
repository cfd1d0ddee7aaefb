import express, { type Express, type RequestHandler, type Response } from 'express'
import { APP_ERRORS } from '../../shared/errors'
import { routes } from '../../shared/routes'
import { EMAIL_KIND_LABELS } from '../../shared/safety'
import { readUnsubscribeToken, setEmailOptOut } from '../notifications/unsubscribe'
import { requestIp } from '../people/auth/identity'
import { consumeAll } from '../rate-limits'
import type { AppServices } from '../services'
import { communityPrefixOf, prefixCommunityOf } from './community-prefix'

export const UNSUBSCRIBE_PATH = '/descadastrar'

const page = (title: string, body: string, home = routes.home()) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · Vupt</title></head><body style="font-family:system-ui,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#111"><h1 style="font-size:22px">${title}</h1>${body}<p><a href="${home}">Voltar ao Vupt</a></p></body></html>`

/**
 * One-click unsubscribe, outside the same-origin guard of /api: the mail provider posts here
 * (RFC 8058) from nowhere near our pages, and the sealed token is what authorises it. A GET only
 * shows a button, so link scanners that open every URL unsubscribe nobody. The link comes under the
 * member's community prefix; a token of another community is refused like a forged one.
 */
export function mountUnsubscribe(app: Express, services: AppServices) {
  const read = (token: unknown, res: Response) =>
    typeof token === 'string' ? readUnsubscribeToken(services, token, prefixCommunityOf(res)) : null
  // A page, not JSON: whoever clicked the link reads it. Its texts are the catalogue's.
  const { title, description } = APP_ERRORS.UNSUBSCRIBE_LINK_INVALID
  const invalid = page(title, `<p>${description}</p>`)

  // Every look at a token costs its address a point, valid or not, before any decryption.
  const spendPoint: RequestHandler = async (req, _res, next) => {
    await consumeAll([[services.rateLimits.linkTokensByIp, requestIp(req) ?? 'desconhecido']])
    next()
  }
  app.all(UNSUBSCRIBE_PATH, spendPoint)

  app.get(UNSUBSCRIBE_PATH, (req, res) => {
    const target = read(req.query.token, res)
    const prefix = communityPrefixOf(res)
    res.setHeader('Cache-Control', 'no-store')
    if (!target) {
      res.status(400).type('html').send(invalid)
      return
    }
    const token = encodeURIComponent(String(req.query.token))
    res
      .type('html')
      .send(
        page(
          'Parar de receber este e-mail?',
          `<p>Você não receberá mais e-mails do tipo <strong>${EMAIL_KIND_LABELS[target.kind]}</strong>. As notificações dentro do Vupt continuam.</p><form method="post" action="${prefix}${UNSUBSCRIBE_PATH}?token=${token}"><button type="submit" style="padding:10px 16px;font-size:16px">Confirmar descadastro</button></form>`,
          `${prefix}${routes.home()}`,
        ),
      )
  })

  app.post(UNSUBSCRIBE_PATH, express.urlencoded({ extended: false, limit: '1kb' }), (req, res) => {
    const target = read(req.query.token, res)
    res.setHeader('Cache-Control', 'no-store')
    if (!target) {
      res.status(400).type('html').send(invalid)
      return
    }
    setEmailOptOut(services.db, target.userId, target.kind, true)
    res
      .type('html')
      .send(
        page(
          'Pronto!',
          `<p>Você não receberá mais e-mails do tipo <strong>${EMAIL_KIND_LABELS[target.kind]}</strong>. Para voltar a receber, use Minha Conta.</p>`,
          `${communityPrefixOf(res)}${routes.home()}`,
        ),
      )
  })
}
