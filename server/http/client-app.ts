import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import express, { type Express, type Request, type Response } from 'express'
import type { ViteDevServer } from 'vite'
import { isClientRoute } from '../../shared/routes'
import type { Database } from '../db/client'
import { injectPublicConfig, type PublicSettings, readPublicConfig } from './public-config'

type ClientAppOptions = {
  db: Database
  settings: PublicSettings
  /** Extra <head> tags for a path (link previews), or null. */
  pageMeta?: (path: string) => string | null
}

function sendPage(req: Request, res: Response, html: string, { db, settings, pageMeta }: ClientAppOptions) {
  const config = readPublicConfig(db, settings, req.path)
  const liveSlugs = config.communities.filter((c) => c.active).map((c) => c.slug)
  // Unknown paths still get the app (it renders the 404 page), with the status a crawler should see.
  const status = isClientRoute(req.path, liveSlugs) ? 200 : 404
  res
    .status(status)
    .set('Cache-Control', 'no-cache')
    .type('html')
    .send(injectPublicConfig(html, config, pageMeta?.(req.path) ?? ''))
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

/** Production: hashed assets cached for a year, index.html never cached. */
export function serveBuiltClient(app: Express, distDir: string, options: ClientAppOptions) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
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
  app.get('/{*path}', (req, res) => sendPage(req, res, html, options))
}

/** Development: Vite transforms index.html on every request, with hot reload. */
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
      sendPage(req, res, html, options)
    } catch (error) {
      next(error)
    }
  })
}
