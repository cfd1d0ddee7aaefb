import { readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

/** The project's root, which every path the architecture tests report is relative to. */
export const ROOT = resolve(import.meta.dirname, '../..')

/** The TypeScript sources under `folder` (tests and declarations left out), relative to ROOT. */
export function sourceFiles(folder: string): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
        found.push(relative(ROOT, path))
      }
    }
  }
  walk(join(ROOT, folder))
  return found
}
