import { fileURLToPath } from 'node:url'
import { preact } from '@preact/preset-vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * The client is written against React's API and runs on Preact's compat layer: React DOM alone was
 * 64 KB gzip of every first download, Preact with its compat layer is about 11 KB. Shared with
 * vitest.config.ts, so component tests render with what ships.
 */
export const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // wouter's shim for React before 18; compat has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
]

export default defineConfig(({ isSsrBuild }) => ({
  root: fromRoot('./client'),
  // Preact's JSX and hot reload; the aliases are ours, the same for the tests.
  plugins: [preact({ reactAliasesEnabled: false }), tailwindcss()],
  resolve: {
    alias: [
      { find: '@shared', replacement: fromRoot('./shared') },
      { find: '@', replacement: fromRoot('./client') },
      ...reactOnPreact,
    ],
  },
  // Bundled whole: a package left external would load the real React from node_modules.
  ssr: { noExternal: true },
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
