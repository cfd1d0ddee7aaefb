import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * Every module the client's entry (client/main.tsx) reaches by static imports, read from the client
 * build's module graph once it is complete (a barrel counts with all it re-exports).
 */
const entryModules = new Set<string>()
const collectEntryModules: Plugin = {
  name: 'vupt:entry-modules',
  apply: (_, { isSsrBuild }) => !isSsrBuild,
  buildEnd() {
    const fromHtml = [...this.getModuleIds()].filter((id) =>
      this.getModuleInfo(id)?.importers.some((importer) => importer.endsWith('.html')),
    )
    const pending = [...fromHtml]
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
        if (entryModules.has(imported)) continue
        entryModules.add(imported)
        pending.push(imported)
      }
    }
  },
}

export default defineConfig(({ isSsrBuild }) => ({
  root: fromRoot('./client'),
  plugins: [react(), tailwindcss(), collectEntryModules],
  resolve: {
    alias: {
      '@shared': fromRoot('./shared'),
      '@': fromRoot('./client'),
    },
  },
  build: isSsrBuild
    ? {
        // The server's entry into the pages (client/entry-server.tsx), loaded by dist/main.js.
        outDir: fromRoot('./dist/ssr'),
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
      }
    : {
        outDir: fromRoot('./dist/client'),
        emptyOutDir: true,
        sourcemap: true,
        // Read by the first-load budget test, npm run bench:web and the server's list of modules to preload.
        manifest: true,
        // No modulepreload list in the HTML or the entry: the server writes the entry, its imports and
        // the rendered page's modules into each page's head (codeTags, server/http/paint-first.ts); a
        // page opened later fetches its own imports.
        modulePreload: { resolveDependencies: () => [] },
        // One stylesheet, which the server inlines in every page. Split per entry, it was listed as a
        // dependency of every lazy page's import, and Vite's loader, finding no <link> to it, fetched it
        // again and restyled the whole page (a long task on a phone) at the first lazy import.
        cssCodeSplit: false,
        // @trpc/client's modules only declare (no statement runs on import), but it does not say so: without
        // this its WebSocket client (about 3 KB gzip) stayed in every first download, though only the
        // lazy realtime link uses it.
        rolldownOptions: {
          treeshake: { moduleSideEffects: (id: string) => !id.includes('/@trpc/client/') },
          // Split by which pages share them, a page's parts came in dozens of files of a few hundred bytes
          // (icons, small components), and on a phone each file costs the main thread after the paint
          // (decision 0051, with Lighthouse's figures before and after). Common
          // chunks under 3 KB of source are copied into each page that uses them instead (Rolldown's
          // runtime keeps one instance of each module). What the entry loads is never copied, so the
          // first download of / and /{community} stays as it was; icons are, being a few hundred bytes
          // each and counted in the entry's reach only through lucide-react's barrel.
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              experimentalInlineCommonChunks: {
                maxSize: 3000,
                exclude: (id: string) => entryModules.has(id) && !id.includes('/lucide-react/'),
              },
            },
          },
        },
      },
}))
