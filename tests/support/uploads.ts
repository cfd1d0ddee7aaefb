import { randomUUID } from 'node:crypto'
import type { Database } from '../../server/db/client'
import { uploads } from '../../server/db/schema'

/** An upload as the photo pipeline leaves it once processed, owned by `ownerId`; returns its id. */
export function fakeUpload(
  db: Database,
  ownerId: number,
  kind: 'listing' | 'avatar' | 'event' | 'banner' = 'listing',
): string {
  const id = randomUUID()
  const hash = randomUUID().replace(/-/g, '').repeat(2)
  db.insert(uploads)
    .values({
      id,
      ownerId,
      kind,
      cardKey: `${hash}-card.webp`,
      fullKey: `${hash}-full.webp`,
      width: 800,
      height: 600,
      bytes: 1000,
    })
    .run()
  return id
}
