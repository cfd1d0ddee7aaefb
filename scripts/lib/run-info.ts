/** What a benchmark prints first: the command that reproduces the run and the data it ran on. */
import { relative } from 'node:path'
import Sqlite from 'better-sqlite3'
import { count } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { listings } from '../../server/db/schema'
import { isLiveListing } from '../../server/listings/visibility'

/**
 * The command that reproduces this run: the settings it read from the environment (those of
 * `settings` that are set), then `npm run bench:…` (or `profile:…`) when npm started it, or the script
 * through tsx.
 */
export function commandLine(settings: string[]): string {
  const set = settings
    .filter((name) => process.env[name] !== undefined)
    .map((name) => `${name}=${JSON.stringify(process.env[name]).replace(/^"([\w./:=,-]*)"$/, '$1')}`)
  const script = relative(process.cwd(), process.argv[1] ?? '')
  const npmScript = process.env.npm_lifecycle_event
  const run = /^(bench|profile):/.test(npmScript ?? '') ? `npm run ${npmScript}` : `npx tsx ${script}`
  return [...set, run].join(' ')
}

/** Listings in a database file: all of them, and those live (as the portal shows them). */
export function countListings(file: string): { total: number; live: number } {
  const sqlite = new Sqlite(file, { readonly: true, fileMustExist: true })
  try {
    const db = drizzle(sqlite)
    const total = db.select({ n: count() }).from(listings).get()?.n ?? 0
    const live = db.select({ n: count() }).from(listings).where(isLiveListing).get()?.n ?? 0
    return { total, live }
  } finally {
    sqlite.close()
  }
}

/** "46 anúncios, 40 no ar", in the interface's number format. */
export function listingsText(file: string): string {
  const { total, live } = countListings(file)
  const number = (value: number) => value.toLocaleString('pt-BR')
  return `${number(total)} anúncios, ${number(live)} no ar`
}
