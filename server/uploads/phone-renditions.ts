import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { needsPhoneRendition } from '../../shared/renditions'
import type { Database } from '../db/client'
import { uploads } from '../db/schema'
import { keyInUse } from './cleanup'
import { renderPhoneFromFull } from './process-image'
import { type ImageStorage, renditionKey } from './storage'
import { accessOf, PHONE_RENDITION_KINDS } from './urls'

/** How often the server looks for photos still without a phone rendition, until there are none. */
export const PHONE_BACKFILL_EVERY_MS = 60 * 1000
/** A turn stops after this long, so a shutdown never waits long for it; the next turn goes on. */
const TURN_BUDGET_MS = 20 * 1000
const BATCH = 20

export type PhoneBackfillResult = {
  /** Phone renditions made and recorded. */
  made: number
  /** Photos no larger than the phone rendition: recorded as loading the full one. */
  small: number
  /** Full rendition missing or unreadable: left as it is (its pages offer card and full), tried again at the next start. */
  failed: number
  /** Nothing was left to look at when the turn ended. */
  done: boolean
}

/**
 * Gives the listing, banner and event photos stored before the phone rendition existed their own, made from
 * the stored full rendition (sharp, off the event loop), one photo at a time. Until then their pages
 * offer the card and full renditions, as before. Each file is written before the row names it; a row
 * the orphan sweep took meanwhile leaves nothing behind.
 */
export async function backfillPhoneRenditions(
  db: Database,
  storage: ImageStorage,
  { budgetMs = TURN_BUDGET_MS }: { budgetMs?: number } = {},
): Promise<PhoneBackfillResult> {
  const started = Date.now()
  const result: PhoneBackfillResult = { made: 0, small: 0, failed: 0, done: false }
  // Walks the primary key's index by id: a turn reads each row once, and a photo that failed is not
  // retried in the same turn.
  let afterId = ''
  while (Date.now() - started < budgetMs) {
    const rows = db
      .select({
        id: uploads.id,
        kind: uploads.kind,
        fullKey: uploads.fullKey,
        width: uploads.width,
        height: uploads.height,
      })
      .from(uploads)
      .where(
        and(
          isNull(uploads.phoneKey),
          inArray(uploads.kind, [...PHONE_RENDITION_KINDS]),
          gt(uploads.id, afterId),
        ),
      )
      .orderBy(asc(uploads.id))
      .limit(BATCH)
      .all()
    if (rows.length === 0) {
      result.done = true
      break
    }
    for (const row of rows) {
      afterId = row.id
      const pending = and(eq(uploads.id, row.id), isNull(uploads.phoneKey))
      if (!needsPhoneRendition(row.width, row.height)) {
        db.update(uploads).set({ phoneKey: row.fullKey }).where(pending).run()
        result.small++
        continue
      }
      let phone: Awaited<ReturnType<typeof renderPhoneFromFull>>
      try {
        const full = await storage.read(row.fullKey)
        if (!full) {
          result.failed++
          continue
        }
        phone = await renderPhoneFromFull(full)
      } catch {
        result.failed++
        continue
      }
      const phoneKey = renditionKey(phone.data, 'phone', accessOf(row.kind))
      await storage.put(phoneKey, phone.data)
      const { changes } = db
        .update(uploads)
        .set({ phoneKey, bytes: sql`${uploads.bytes} + ${phone.data.length}` })
        .where(pending)
        .run()
      if (changes > 0) result.made++
      // Swept meanwhile (or done by another instance, which then names the same file).
      else if (!keyInUse(db, phoneKey)) await storage.remove(phoneKey)
    }
  }
  return result
}

/**
 * The periodic job: turns until a turn reaches the end, then nothing more (every upload since has its
 * phone rendition from the start). Never throws, reports to the log.
 */
export function createPhoneBackfillJob(services: { db: Database; storage: ImageStorage; logger: Logger }) {
  let finished = false
  return async (): Promise<void> => {
    if (finished) return
    try {
      const { done, ...counts } = await backfillPhoneRenditions(services.db, services.storage)
      // A photo that failed would fail again: it waits for the next start.
      finished = done
      if (counts.made + counts.small + counts.failed > 0) {
        services.logger.info(counts, 'fotos antigas com a versão para celular')
      }
    } catch (error) {
      services.logger.error({ err: error }, 'falha ao fazer a versão para celular das fotos antigas')
    }
  }
}
