/**
 * First-load JavaScript per route, read from Vite's build manifest: the entry's static imports plus
 * the route's page chunk and its static imports, each as the server sends it to a browser that accepts
 * brotli (every phone's): the `.br` the build wrote beside it, or the file itself when it was too small
 * to compress.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { entryKey, type Manifest, staticClosure } from '../../server/http/build-manifest'

export const CLIENT_DIST = 'dist/client'

/**
 * First-load JavaScript budgets (KB as sent, brotli) of the pages a shared link opens, each a little
 * above what the split build reaches, so a change that grows a first download fails the test. The
 * product's budgets: 100 KB on `/` and `/{community}`, 130 KB on the portal.
 */
export const FIRST_LOAD_BUDGETS_KB: Record<string, number> = {
  'pages/home/home-page.tsx': 98.9,
  'pages/info/community-home-page.tsx': 98.5,
  'pages/portal/portal-page.tsx': 110.6,
  'pages/listings/category-page.tsx': 118.6,
  'pages/listing/listing-page.tsx': 120.2,
  'pages/profile/profile-page.tsx': 111.5,
  'pages/events/event-page.tsx': 106.9,
  'pages/info/accessibility-page.tsx': 98.8,
}

/**
 * Files in each of those first downloads, at most: every file is a request and a module the phone's main
 * thread handles after the paint (see vite.config.ts). The build reaches 8 to 17.
 */
export const FIRST_LOAD_MAX_FILES = 20

export function readManifest(clientDist = CLIENT_DIST): Manifest {
  return JSON.parse(readFileSync(join(clientDist, '.vite', 'manifest.json'), 'utf8')) as Manifest
}

/** The files a first visit to a page downloads: the entry's, then the page's (`pages/...tsx`). */
export function firstLoadFiles(manifest: Manifest, page: string): string[] {
  const files = staticClosure(manifest, entryKey(manifest))
  staticClosure(manifest, page, files)
  return [...files].filter((file) => file.endsWith('.js'))
}

export function sentBytes(file: string, clientDist = CLIENT_DIST): number {
  const path = join(clientDist, file)
  return statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size
}

export function firstLoadBytes(manifest: Manifest, page: string, clientDist = CLIENT_DIST): number {
  return firstLoadFiles(manifest, page).reduce((total, file) => total + sentBytes(file, clientDist), 0)
}
