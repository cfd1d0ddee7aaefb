/**
 * First-load JavaScript per route, read from Vite's build manifest: the entry's static imports plus
 * the route's page chunk and its static imports, each gzip-compressed as the server sends it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { entryKey, type Manifest, staticClosure } from '../../server/http/build-manifest'

export const CLIENT_DIST = 'dist/client'

/**
 * First-load JavaScript budgets (gzip KB) of the pages a shared link opens, each a little above what the
 * split build reaches, so a change that grows a first download fails the test. The portal is under the
 * product's budget (130 KB). `/` and `/{community}` are not yet under theirs (100 KB): most of their
 * first download is React DOM and TanStack Query with the tRPC client. The link builders every page's
 * layout uses (`routes`, shared/routes.ts) added 0.4–0.55 KB to each.
 */
export const FIRST_LOAD_BUDGETS_KB: Record<string, number> = {
  'pages/home/home-page.tsx': 116.2,
  'pages/info/community-home-page.tsx': 108.9,
  'pages/portal/portal-page.tsx': 124.1,
  'pages/listings/category-page.tsx': 133.1,
  'pages/listing/listing-page.tsx': 135.5,
  'pages/profile/profile-page.tsx': 125.9,
  'pages/events/event-page.tsx': 120.2,
  'pages/info/accessibility-page.tsx': 108.7,
}

export function readManifest(clientDist = CLIENT_DIST): Manifest {
  return JSON.parse(readFileSync(join(clientDist, '.vite', 'manifest.json'), 'utf8')) as Manifest
}

/** The files a first visit to a page downloads: the entry's, then the page's (`pages/...tsx`). */
export function firstLoadFiles(manifest: Manifest, page: string): string[] {
  const files = staticClosure(manifest, entryKey(manifest))
  staticClosure(manifest, page, files)
  return [...files].filter((file) => file.endsWith('.js'))
}

export function gzipBytes(file: string, clientDist = CLIENT_DIST): number {
  return gzipSync(readFileSync(join(clientDist, file)), { level: 9 }).length
}

export function firstLoadBytes(manifest: Manifest, page: string, clientDist = CLIENT_DIST): number {
  return firstLoadFiles(manifest, page).reduce((total, file) => total + gzipBytes(file, clientDist), 0)
}
