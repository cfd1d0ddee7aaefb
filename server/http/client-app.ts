import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import express, {
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express'
import type { ViteDevServer } from 'vite'
import { isClientRoute } from '../../shared/route-match'
import { type PageRenderer, SSR_STATE_ELEMENT_ID } from '../../shared/ssr'
import { SSR_DATES_ELEMENT_ID } from '../../shared/ssr-dates'
import type { Database } from '../db/client'
import { escapeHtml } from '../escape-html'
import type { AppServices } from '../services'
import type { PageCache } from './answer-cache'
import { type Manifest, modulePreloader } from './build-manifest'
import { PAGE_COMPRESSION, preferredEncoding, sendWhole } from './compress'
import { jsonScript } from './json-script'
import { createPageCaller } from './page-caller'
import { withPageHead } from './page-head'
import { codeTags as pageCodeTags, takeEntryScript } from './paint-first'
import { injectPublicConfig, type PublicSettings, readPublicConfig } from './public-config'
import { isMemberRequest } from './security'

type ClientAppOptions = {
  db: Database
  settings: PublicSettings
  /**
   * Renders each page on the server with its data (client/entry-server.tsx). Without it the page is
   * the bare shell, rendered by the browser.
   */
  ssr?: { services: AppServices; renderer: () => Promise<PageRenderer> }
  /** Keeps a visitor's rendered page until the next write (answer-cache.ts). */
  pageCache?: PageCache
}

const ROOT_ELEMENT = '<div id="root"></div>'

/** The web app manifest, in the colours of the community the page belongs to (`?comunidade=`). */
function mountManifest(app: Express, { db, settings }: ClientAppOptions) {
  app.get('/manifest.webmanifest', (req, res) => {
    const config = readPublicConfig(db, settings)
    const asked =
      typeof req.query.comunidade === 'string' ? req.query.comunidade : config.defaultCommunitySlug
    const community =
      config.communities.find((c) => c.active && c.slug === asked) ?? config.communities.find((c) => c.active)
    const start = community ? `/${community.slug}` : '/'
    res
      .type('application/manifest+json')
      .set('Cache-Control', 'no-cache')
      .send(
        JSON.stringify({
          name: community ? `Vupt ${community.name}` : 'Vupt',
          short_name: 'Vupt',
          description: 'O marketplace fechado da sua universidade. Crie, compartilhe, desapegue.',
          lang: 'pt-BR',
          start_url: start,
          scope: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: community?.primaryColor ?? '#0b5fa5',
          // The PNGs are the favicon drawn at the sizes an install asks for; the maskable one fills its
          // square, for launchers that cut their own shape.
          icons: [
            { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        }),
      )
  })
}

/**
 * React writes a render's resource hints (the first screen's images, `fetchPriority="high"`) at the
 * start of its HTML. Moved into the head ahead of the page's module preloads, they are asked for first:
 * over HTTP/1.1's six connections per host they otherwise waited behind some thirty scripts.
 */
export function splitResourceHints(rendered: string): { hints: string; body: string } {
  const hints = /^(?:<link [^<>]*>)*/.exec(rendered)?.[0] ?? ''
  return { hints, body: rendered.slice(hints.length) }
}

async function sendPage(
  req: Request,
  res: Response,
  template: string,
  { db, settings, ssr, pageCache }: ClientAppOptions,
  /** The head's tags that fetch the page's code, given the lazy modules it rendered. */
  codeTags?: (lazy: readonly string[]) => string,
) {
  // The page's configuration, with the community prefix of its path: the server's render and the
  // browser's hydration both read instanceUrl from it.
  const config = readPublicConfig(db, settings, req.path)
  const liveSlugs = config.communities.filter((c) => c.active).map((c) => c.slug)
  // Unknown paths still get the app (it renders the 404 page), with the status a crawler should see.
  const status = isClientRoute(req.path, liveSlugs) ? 200 : 404
  const firstSegment = req.path.split('/')[1] ?? ''
  const community =
    config.communities.find((c) => c.active && c.slug === firstSegment) ??
    config.communities.find((c) => c.active && c.slug === config.defaultCommunitySlug)
  let html = community
    ? template.replace(
        /<meta name="theme-color" content="[^"]*"/,
        () => `<meta name="theme-color" content="${escapeHtml(community.primaryColor)}"`,
      )
    : template
  const member = isMemberRequest(req)
  let lazy: readonly string[] = []
  let head = `<link rel="manifest" href="/manifest.webmanifest${community ? `?comunidade=${encodeURIComponent(community.slug)}` : ''}">`
  if (ssr) {
    try {
      const renderer = await ssr.renderer()
      const result = await renderer.render({
        url: req.originalUrl,
        call: createPageCaller(ssr.services, req, res),
        config,
        onError: (error) =>
          ssr.services.logger.warn(
            { err: error, path: req.path, requestId: res.locals.requestId },
            'parte da página deixada para o navegador',
          ),
      })
      if ('redirect' in result) {
        res.set('Cache-Control', 'no-store').redirect(302, result.redirect)
        return
      }
      if (result.meta) {
        const page = withPageHead(html, result.meta, {
          publicUrl: ssr.services.publicUrl,
          url: req.originalUrl,
          communityName: config.instancePrefix ? community?.name : undefined,
        })
        html = page.html
        head += page.tags
      }
      const { hints, body } = splitResourceHints(result.html)
      head += hints
      lazy = result.state.lazy
      html = html.replace(
        ROOT_ELEMENT,
        () =>
          `<div id="root">${body}</div>${jsonScript(SSR_STATE_ELEMENT_ID, result.state)}${jsonScript(SSR_DATES_ELEMENT_ID, result.dates)}`,
      )
    } catch (error) {
      // The browser can still render the page from the bare shell.
      ssr.services.logger.error({ err: error, requestId: res.locals.requestId }, 'falha ao montar a página')
    }
  }
  // After the first screen's images, which are asked for first (splitResourceHints).
  if (codeTags) head += codeTags(member ? [...lazy, ...MEMBER_LIVE_MODULES] : lazy)
  res
    .status(status)
    // A member's page carries their data: never stored (see isMemberRequest). A visitor's may be kept
    // by the browser, never by a shared cache, and is checked again before each use.
    .set('Cache-Control', member ? 'no-store' : 'no-cache, private')
    .type('html')
  const page = Buffer.from(injectPublicConfig(html, config, head), 'utf8')
  pageCache?.keepPage(res, page)
  sendWhole(req, res, page, PAGE_COMPRESSION, { revalidate: true })
}

/**
 * The spec's /old-home is the landing page's former address: it moves permanently to the landing
 * page, with or without the community prefix. A prefix that is not a slug is left to the 404.
 */
function redirectOldHome(app: Express) {
  app.get(['/old-home', '/:community/old-home'], (req, res, next) => {
    const { community } = req.params as { community?: string }
    if (community !== undefined && !/^[a-z0-9-]{1,50}$/.test(community)) return next()
    res.redirect(301, community ? `/${community}` : '/')
  })
}

const ASSET_CACHE = { immutable: true, maxAge: '1y' } as const
const FILE_SUFFIX = { br: 'br', gzip: 'gz' } as const

/**
 * The build's .br and .gz beside each asset (scripts/precompress.mjs), sent as they are to a browser
 * that accepts them; anything else falls through to the plain file.
 */
function servePrecompressed(assetsDir: string): RequestHandler {
  const present = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : [])
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const name = req.path.slice(1)
    if (!present.has(`${name}.br`) && !present.has(`${name}.gz`)) return next()
    res.vary('Accept-Encoding')
    // The browser's preferred encoding where the build made it, else the other one it takes.
    const preferred = preferredEncoding(req)
    const encoding =
      preferred && present.has(`${name}.${FILE_SUFFIX[preferred]}`)
        ? preferred
        : present.has(`${name}.gz`) && req.acceptsEncodings('gzip') === 'gzip'
          ? 'gzip'
          : null
    if (!encoding) return next()
    res.set('Content-Encoding', encoding).type(extname(name))
    res.sendFile(join(assetsDir, `${name}.${FILE_SUFFIX[encoding]}`), ASSET_CACHE, (error) => {
      if (error) next(error)
    })
  }
}

/**
 * The build's stylesheet links, replaced by the stylesheet itself. A phone on a slow network paints
 * nothing before the CSS has come, and a linked stylesheet is asked for only once the page's head has
 * arrived: one more round trip before the first paint, the longest wait of a slow 4G. Inline, it
 * comes with the page (the size of the build's .css.br more per page opened from scratch). The pages
 * after the first are drawn by the client and fetch no HTML, so a visit pays for it once.
 */
export function inlineStylesheets(html: string, distDir: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (_link, file: string) => {
      // "</style" inside the CSS would end the element early; escaped, it means the same to CSS.
      const css = readFileSync(join(distDir, file), 'utf8').replaceAll('</style', '<\\/style')
      return `<style>${css}</style>`
    },
  )
}

/**
 * What a member's page loads as soon as it responds: the chat subscription (and the WebSocket link under
 * it). Imported lazily, they were asked for only once the entry had run, one after the other: three more
 * round trips on a phone. Named in the head, they download beside the entry.
 */
const MEMBER_LIVE_MODULES = ['features/chat/chat-live.tsx', 'lib/realtime.ts']

/** Production: hashed assets cached for a year (precompressed when built so), pages never cached. */
export function serveBuiltClient(app: Express, distDir: string, options: ClientAppOptions) {
  const { html, entry } = takeEntryScript(
    inlineStylesheets(readFileSync(join(distDir, 'index.html'), 'utf8'), distDir),
  )
  const manifestPath = join(distDir, '.vite', 'manifest.json')
  const preload = existsSync(manifestPath)
    ? modulePreloader(JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : () => []
  const codeTags = entry ? (lazy: readonly string[]) => pageCodeTags(entry, preload(lazy)) : undefined
  app.use('/assets', servePrecompressed(join(distDir, 'assets')))
  app.use(
    '/assets',
    express.static(join(distDir, 'assets'), {
      ...ASSET_CACHE,
      index: false,
      fallthrough: false,
    }),
  )
  app.use(
    express.static(distDir, {
      index: false,
      maxAge: '1h',
      // The service worker is checked on every visit, so a new one takes over at once.
      setHeaders: (res, path) => {
        if (path.endsWith('sw.js')) res.set('Cache-Control', 'no-cache')
      },
    }),
  )
  mountManifest(app, options)
  redirectOldHome(app)
  const cache = options.pageCache
  app.get(
    '/{*path}',
    ...(cache ? [cache.servePage] : []),
    (req: Request, res: Response, next: NextFunction) =>
      sendPage(req, res, html, options, codeTags).catch(next),
  )
}

/** Development: Vite transforms index.html and loads the server entry on every request, with hot reload. */
export function serveDevClient(
  app: Express,
  vite: ViteDevServer,
  clientDir: string,
  options: ClientAppOptions,
) {
  app.use(vite.middlewares)
  mountManifest(app, options)
  redirectOldHome(app)
  app.get('/{*path}', async (req, res, next) => {
    try {
      const template = readFileSync(join(clientDir, 'index.html'), 'utf8')
      const html = await vite.transformIndexHtml(req.originalUrl, template)
      await sendPage(req, res, html, options)
    } catch (error) {
      next(error)
    }
  })
}
