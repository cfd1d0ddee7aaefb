import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import express, { type Express, type Request, type Response } from 'express'
import type { ViteDevServer } from 'vite'
import { isClientRoute } from '../../shared/routes'
import { type PageRenderer, SSR_STATE_ELEMENT_ID } from '../../shared/ssr'
import type { Database } from '../db/client'
import type { AppServices } from '../services'
import { type Manifest, modulePreloadTags } from './build-manifest'
import { createPageCaller } from './page-caller'
import { injectPublicConfig, type PublicSettings, readPublicConfig } from './public-config'
import { currentRequestId } from './request-id'

type ClientAppOptions = {
  db: Database
  settings: PublicSettings
  /** Extra <head> tags for a path (link previews), or null. */
  pageMeta?: (path: string) => string | null
  /**
   * Renders each page on the server with its data (client/entry-server.tsx). Without it the page is
   * the bare shell, rendered by the browser.
   */
  ssr?: { services: AppServices; renderer: () => Promise<PageRenderer> }
}

const ROOT_ELEMENT = '<div id="root"></div>'

/** Inert JSON (the CSP allows no inline script); `<` escaped so it cannot close the tag. */
const jsonScript = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`

async function sendPage(
  req: Request,
  res: Response,
  template: string,
  { db, settings, pageMeta, ssr }: ClientAppOptions,
  manifest?: Manifest,
) {
  const config = readPublicConfig(db, settings)
  const liveSlugs = config.communities.filter((c) => c.active).map((c) => c.slug)
  // Unknown paths still get the app (it renders the 404 page), with the status a crawler should see.
  const status = isClientRoute(req.path, liveSlugs) ? 200 : 404
  let html = template
  let head = pageMeta?.(req.path) ?? ''
  if (ssr) {
    try {
      const renderer = await ssr.renderer()
      const result = await renderer.render({
        url: req.originalUrl,
        call: createPageCaller(ssr.services, req, res),
        config,
        onError: (error) =>
          ssr.services.logger.warn(
            { err: error, path: req.path, requestId: currentRequestId() },
            'parte da página deixada para o navegador',
          ),
      })
      if ('redirect' in result) {
        res.set('Cache-Control', 'no-store').redirect(302, result.redirect)
        return
      }
      head += manifest ? modulePreloadTags(manifest, result.state.lazy) : ''
      html = html.replace(
        ROOT_ELEMENT,
        () => `<div id="root">${result.html}</div>${jsonScript(SSR_STATE_ELEMENT_ID, result.state)}`,
      )
    } catch (error) {
      // The browser can still render the page from the bare shell.
      ssr.services.logger.error({ err: error, requestId: currentRequestId() }, 'falha ao montar a página')
    }
  }
  res
    .status(status)
    // A member's page carries their data: never kept by a shared cache.
    .set('Cache-Control', 'no-cache, private')
    .type('html')
    .send(injectPublicConfig(html, config, head))
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

/** Production: hashed assets cached for a year, pages never cached. */
export function serveBuiltClient(app: Express, distDir: string, options: ClientAppOptions) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const manifestPath = join(distDir, '.vite', 'manifest.json')
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : undefined
  app.use(
    '/assets',
    express.static(join(distDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  )
  app.use(express.static(distDir, { index: false, maxAge: '1h' }))
  redirectOldHome(app)
  app.get('/{*path}', (req, res, next) => sendPage(req, res, html, options, manifest).catch(next))
}

/** Development: Vite transforms index.html and loads the server entry on every request, with hot reload. */
export function serveDevClient(
  app: Express,
  vite: ViteDevServer,
  clientDir: string,
  options: ClientAppOptions,
) {
  app.use(vite.middlewares)
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
