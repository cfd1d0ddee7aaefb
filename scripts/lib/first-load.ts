/**
 * First-load JavaScript per route, read from Vite's build manifest: the entry's static imports plus
 * the route's page chunk and its static imports, each gzip-compressed as the server sends it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean }
type Manifest = Record<string, ManifestChunk>

export const CLIENT_DIST = 'dist/client'

export function readManifest(clientDist = CLIENT_DIST): Manifest {
  return JSON.parse(readFileSync(join(clientDist, '.vite', 'manifest.json'), 'utf8')) as Manifest
}

function staticClosure(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} não está no manifesto do build`)
  if (into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into)
  return into
}

/** The files a first visit to a page downloads: the entry's, then the page's (`pages/...tsx`). */
export function firstLoadFiles(manifest: Manifest, page: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entry) throw new Error('o manifesto do build não tem entrada')
  const files = staticClosure(manifest, entry, new Set())
  staticClosure(manifest, page, files)
  return [...files].filter((file) => file.endsWith('.js'))
}

export function gzipBytes(file: string, clientDist = CLIENT_DIST): number {
  return gzipSync(readFileSync(join(clientDist, file)), { level: 9 }).length
}

export function firstLoadBytes(manifest: Manifest, page: string, clientDist = CLIENT_DIST): number {
  return firstLoadFiles(manifest, page).reduce((total, file) => total + gzipBytes(file, clientDist), 0)
}
