import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT, sourceFiles } from './source-files'

/**
 * ARCHITECTURE.md's folder tour, read off the tree: one home per concept, files a reader can hold,
 * routers named like the domain they call, and the edge kept thin.
 */

const MAX_LINES = 400
/** Files allowed past MAX_LINES: the schema is one declaration per table, read by drizzle-kit as one. */
const LONG_FILES_ALLOWED = new Set(['server/db/schema.ts'])

/** Folders whose concept now lives elsewhere (decision "Uma casa por conceito"). */
const RETIRED_FOLDERS: Record<string, string> = {
  'server/auth': 'server/people/auth',
  'server/account': 'server/people/account',
  'server/profiles': 'server/people/profiles',
  'server/members': 'server/people/members',
  'server/moderation': 'server/safety/moderation',
}

/** The files that compose routers, each with where the names of its routers must be found. */
const COMPOSERS = {
  /** A top-level router names a domain folder, or a concept folder inside one (people/account). */
  'server/routers/_app.ts': 'domain folder',
  /** A deal's sub-routers name a module of server/deals/. */
  'server/routers/deals/index.ts': 'deals module',
  /** The admin panel's sections name a domain folder or module anywhere in server/. */
  'server/routers/admin/index.ts': 'any module',
} as const

/** Admin sections named for the panel's tab rather than the module: the panel says "Usuários". */
const ADMIN_NAMES_KEPT: Record<string, string> = { users: 'server/people/members' }

const EDGE_FOLDERS = new Set(['routers', 'trpc', 'http'])

const lineCount = (file: string) => readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1
const isDirectory = (path: string) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isDirectory()
const isFile = (path: string) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile()
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/** Every TypeScript file under server/, tests included (they are read as much as the code). */
function allServerFiles(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir))) {
      const path = `${dir}/${name}`
      if (isDirectory(path)) walk(path)
      else if (/\.tsx?$/.test(name)) found.push(path)
    }
  }
  walk('server')
  return found
}

/** The domain folders of server/ (not the edge), and the concept folders one level inside them. */
function domainFolders(): string[] {
  const top = readdirSync(join(ROOT, 'server')).filter(
    (name) => isDirectory(`server/${name}`) && !EDGE_FOLDERS.has(name),
  )
  return top.flatMap((name) => [
    `server/${name}`,
    ...readdirSync(join(ROOT, 'server', name))
      .filter((inner) => isDirectory(`server/${name}/${inner}`))
      .map((inner) => `server/${name}/${inner}`),
  ])
}

/** A composer's `key: someRouter` entries, each with the file or folder its router is imported from. */
function composedRouters(composer: string): { key: string; source: string }[] {
  const text = readFileSync(join(ROOT, composer), 'utf8')
  const importedFrom = new Map<string, string>()
  for (const match of text.matchAll(/import \{ (\w+) \} from '(\.[^']*)'/g)) {
    importedFrom.set(match[1] as string, join(dirname(composer), match[2] as string))
  }
  const body = text.slice(text.indexOf('router({'))
  return [...body.matchAll(/^\s+(\w+): (\w+Router),$/gm)].map((match) => ({
    key: match[1] as string,
    source: importedFrom.get(match[2] as string) ?? '(not imported)',
  }))
}

describe('one home per concept (ARCHITECTURE.md)', () => {
  test(`no file in server/ is longer than ${MAX_LINES} lines, but the schema`, () => {
    const files = allServerFiles()
    expect(files.length).toBeGreaterThan(150)
    const long = files
      .filter((file) => !LONG_FILES_ALLOWED.has(file))
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`)
    expect(long).toEqual([])
  })

  test('people and trust have one home each: the retired folders stay gone', () => {
    const back = Object.entries(RETIRED_FOLDERS)
      .filter(([folder]) => isDirectory(folder) && readdirSync(join(ROOT, folder)).length > 0)
      .map(([folder, home]) => `${folder} (its home is ${home})`)
    expect(back).toEqual([])
  })

  test('routers are named like the domain they call', () => {
    const folders = domainFolders()
    const modules = new Set(
      allServerFiles()
        .filter((file) => !EDGE_FOLDERS.has(file.split('/')[1] as string))
        .map((file) => file.replace(/\.tsx?$/, '')),
    )
    const anywhere = (name: string) =>
      folders.some((folder) => basename(folder) === name) ||
      [...modules].some((module) => basename(module) === name)
    const misnamed: string[] = []
    for (const [composer, rule] of Object.entries(COMPOSERS)) {
      const entries = composedRouters(composer)
      expect(entries.length, composer).toBeGreaterThan(3)
      for (const { key, source } of entries) {
        const name = basename(source).replace(/\.tsx?$/, '')
        if (kebab(key) !== name) {
          misnamed.push(`${composer}: ${key} comes from ${source}`)
          continue
        }
        if (name === 'admin' && composer === 'server/routers/_app.ts') continue
        const found =
          rule === 'domain folder'
            ? folders.some((folder) => basename(folder) === name)
            : rule === 'deals module'
              ? isFile(`server/deals/${name}.ts`)
              : anywhere(name) || isDirectory(ADMIN_NAMES_KEPT[name] ?? '-')
        if (!found) misnamed.push(`${composer}: ${key} names no ${rule} of server/`)
      }
    }
    expect(misnamed).toEqual([])
  })

  test('every router file is composed by a composer (none hides outside the rule above)', () => {
    const composed = new Set(
      Object.keys(COMPOSERS).flatMap((composer) =>
        composedRouters(composer).map(({ source }) =>
          isDirectory(source) ? `${source}/index.ts` : `${source}.ts`,
        ),
      ),
    )
    const loose = sourceFiles('server/routers').filter((file) => !(file in COMPOSERS) && !composed.has(file))
    expect(loose).toEqual([])
  })

  test('no subscription loop in a router: streams live in their domain, the router wires them', () => {
    const loops = sourceFiles('server/routers').filter((file) =>
      /function\s*\*/.test(readFileSync(join(ROOT, file), 'utf8')),
    )
    expect(loops).toEqual([])
  })

  test('server/trpc/ does not import server/http/ (the HTTP context sits beside the adapter)', () => {
    const offending = sourceFiles('server/trpc').flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']*)'/g)]
        .map((match) => join(dirname(file), match[1] as string))
        .filter((target) => target.startsWith('server/http'))
        .map((target) => `${file} → ${target}`),
    )
    expect(offending).toEqual([])
  })
})
