/** Vite's build manifest: which files a module needs, for preload tags and the first-load budget. */
export type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }
export type Manifest = Record<string, ManifestChunk>

/** A module's file and every file it imports statically (what loading it downloads). */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} não está no manifesto do build`)
  if (into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into)
  return into
}

export function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entry) throw new Error('o manifesto do build não tem entrada')
  return entry
}

/**
 * The files to preload beside the entry for a rendered page: the entry's static imports and the lazy
 * modules the page used, so the browser fetches them all at once instead of each after the module that
 * imports it has run. The entry's files are worked out once, not on every page.
 */
export function modulePreloader(manifest: Manifest): (keys: readonly string[]) => string[] {
  const entry = entryKey(manifest)
  const entryFiles = staticClosure(manifest, entry)
  const imported = [...entryFiles].filter((file) => file !== manifest[entry]?.file && file.endsWith('.js'))
  return (keys) => {
    const files = new Set<string>()
    for (const key of keys) {
      if (!manifest[key]) continue
      for (const file of staticClosure(manifest, key)) if (!entryFiles.has(file)) files.add(file)
    }
    return [...imported, ...files].map((file) => `/${file}`)
  }
}
