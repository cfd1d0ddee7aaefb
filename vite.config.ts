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
        // Read by the first-load budget test, npm run bench:web and the server's preload tags.
        manifest: true,
        // No modulepreload list in the HTML or the entry: the entry's own imports are fetched once it has
        // come, which leaves a slow phone's bandwidth to the CSS and the first screen's images first (with
        // them preloaded, the largest paint came later on every page of THROTTLING=devtools bench:web).
        // The server preloads what a rendered page needs; a page opened later fetches its own imports.
        modulePreload: { resolveDependencies: () => [] },
        // @trpc/client's modules only declare (no statement runs on import), but it does not say so: without
        // this its WebSocket client (about 3 KB gzip) stayed in every first download, though only the
        // lazy realtime link uses it.
        rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => !id.includes('/@trpc/client/') } },
      },
}))
