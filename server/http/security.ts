import type { IncomingMessage } from 'node:http'
import type { RequestHandler } from 'express'
import helmet, { type HelmetOptions } from 'helmet'
import { LIBRAS_COOKIE, VLIBRAS_SOURCES } from '../../shared/libras'
import { appError } from '../errors'
import { cookiesOf } from '../people/auth/cookies'
import { readSessionToken } from '../people/auth/session'
import { BOOT_SCRIPT_SOURCE } from './paint-first'

/** Whether this browser turned the Libras widget on (its cookie, set by the client on opt-in). */
export function wantsLibras(req: IncomingMessage): boolean {
  const header = req.headers.cookie
  return header ? cookiesOf(header)[LIBRAS_COOKIE] === '1' : false
}

/**
 * Security headers; the CSP allows one inline script, the loader, by its hash (the public config and the
 * page's data travel as inert JSON).
 */
export function securityHeaders(isProduction: boolean): RequestHandler {
  // Two fixed policies, chosen by one cookie read: helmet writes a policy without functions in it
  // as a string made once, instead of evaluating each directive on every request.
  const plain = helmet(helmetOptions(isProduction, false))
  const withLibras = helmet(helmetOptions(isProduction, true))
  return (req, res, next) => (wantsLibras(req) ? withLibras : plain)(req, res, next)
}

/**
 * The helmet settings, with the sources a browser that opted in to VLibras needs (and nothing of them
 * otherwise). The widget's avatar is a Unity WebAssembly build: it compiles WebAssembly and evaluates
 * its loader, and runs workers from blob: URLs.
 */
function helmetOptions(isProduction: boolean, libras: boolean): HelmetOptions {
  const forLibras = (...sources: string[]) => (libras ? sources : [])
  return {
    contentSecurityPolicy: isProduction
      ? {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [
              "'self'",
              BOOT_SCRIPT_SOURCE,
              ...forLibras(...VLIBRAS_SOURCES, "'unsafe-eval'", "'wasm-unsafe-eval'"),
            ],
            // Radix and sonner position elements with inline style attributes.
            styleSrc: ["'self'", "'unsafe-inline'", ...forLibras(...VLIBRAS_SOURCES)],
            // Banners may point to an https image hosted elsewhere (spec §5).
            imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
            connectSrc: ["'self'", ...forLibras(...VLIBRAS_SOURCES)],
            fontSrc: ["'self'", 'data:', ...forLibras(...VLIBRAS_SOURCES)],
            mediaSrc: ["'self'", ...forLibras(...VLIBRAS_SOURCES)],
            workerSrc: ["'self'", ...forLibras('blob:')],
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
  }
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

export const requireSameOrigin: RequestHandler = (req, _res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || isSameOrigin(req)) {
    next()
    return
  }
  next(appError('ORIGIN_NOT_ALLOWED'))
}

/**
 * An answer to a request with a session carries that member's data (their name, lists, conversations).
 * Campus computers are shared: nothing of it may stay in the browser's cache for the next person, not
 * even for going back, so it is never stored. A visitor's answers are everybody's and keep their own.
 */
export function isMemberRequest(req: IncomingMessage): boolean {
  return readSessionToken(req.headers.cookie) !== undefined
}

/** What an API answer depends on besides its URL: the format asked (an error's), the encoding, the cookie (session, Libras). */
export const API_VARY = 'Accept, Accept-Encoding, Cookie'

/**
 * One cache policy on every API path, stored answers included: a member's is never stored, a visitor's
 * is checked with the server before each use (it changes with any write), and both vary alike.
 */
export const apiCachePolicy: RequestHandler = (req, res, next) => {
  res.setHeader('Cache-Control', isMemberRequest(req) ? 'no-store' : 'no-cache')
  res.setHeader('Vary', API_VARY)
  next()
}
