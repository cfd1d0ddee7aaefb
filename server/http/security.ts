import type { IncomingMessage } from 'node:http'
import type { RequestHandler } from 'express'
import helmet from 'helmet'

/** Security headers; the CSP allows no inline scripts (the public config travels as inert JSON). */
export function securityHeaders(isProduction: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: isProduction
      ? {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            // Radix and sonner position elements with inline style attributes.
            styleSrc: ["'self'", "'unsafe-inline'"],
            // Banners may point to an https image hosted elsewhere (spec §5).
            imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
            connectSrc: ["'self'"],
            fontSrc: ["'self'", 'data:'],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: null,
          },
        }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isProduction,
  })
}

/**
 * Cross-site request forgery guard: a state-changing request or a WebSocket upgrade must come from
 * our own pages. tRPC's adapter would otherwise accept a plain HTML form posted from anywhere.
 */
export function isSameOrigin(req: IncomingMessage): boolean {
  const fetchSite = req.headers['sec-fetch-site']
  if (fetchSite) return fetchSite === 'same-origin'
  const origin = req.headers.origin
  if (!origin) return false
  try {
    return new URL(origin).host === req.headers.host
  } catch {
    return false
  }
}

export const requireSameOrigin: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || isSameOrigin(req)) {
    next()
    return
  }
  res.status(403).json({ error: 'Origem da requisição não permitida.' })
}
