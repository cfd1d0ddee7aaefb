import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig(({ isSsrBuild }) => ({
  root: fromRoot('./client'),
  plugins: [react(), tailwindcss()],
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
        // No modulepreload list in the HTML or the entry: the server's loader asks for the entry, its
        // imports and the rendered page's modules after the first paint (server/http/paint-first.ts); a
        // page opened later fetches its own imports.
        modulePreload: { resolveDependencies: () => [] },
        // One stylesheet, which the server inlines in every page. Split per entry, it was listed as a
        // dependency of every lazy page's import, and Vite's loader, finding no <link> to it, fetched it
        // again and restyled the whole page (a long task on a phone) at the first lazy import.
        cssCodeSplit: false,
        // @trpc/client's modules only declare (no statement runs on import), but it does not say so: without
        // this its WebSocket client (about 3 KB gzip) stayed in every first download, though only the
        // lazy realtime link uses it.
        rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => !id.includes('/@trpc/client/') } },
      },
}))
