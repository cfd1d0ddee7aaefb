// Bundles the server into dist/main.js and the operators' commands beside it (dist/backup.js,
// dist/restore.js); npm packages stay external and load from node_modules.
import { build } from 'esbuild'

await build({
  entryPoints: { main: 'src/main.ts', backup: 'scripts/backup.ts', restore: 'scripts/restore.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
