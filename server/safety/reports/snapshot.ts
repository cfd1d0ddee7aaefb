import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { rowWhere, valuesWhere } from '../../db/rows'
import { listingImages, listings, profiles } from '../../db/schema'
import { memberNameColumns } from '../../people/profiles/member-columns'

/** What a target showed when it was reported, kept with the report. */
export type ReportSnapshot =
  | {
      type: 'listing'
      title: string
      description: string
      priceCents: number
      imageUrls: string[]
      seller: { username: string | null; fullName: string }
    }
  | {
      type: 'user'
      username: string | null
      fullName: string
      bio: string | null
      course: string | null
      avatarUrl: string | null
    }
  | {
      type: 'message'
      content: string
      sentAt: string
      sender: { username: string | null; fullName: string }
    }
  | { type: 'barrier'; page: string; assistiveTech: string | null }
  | {
      type: 'wanted'
      title: string
      details: string | null
      maxPriceCents: number | null
      categoryName: string
      poster: { username: string | null; fullName: string }
    }
  | {
      type: 'review'
      stars: number
      comment: string | null
      reply: string | null
      reviewer: { username: string | null; fullName: string }
      reviewee: { username: string | null; fullName: string }
    }

/** What a report is about, as its reporter's list (and data export) names it. */
export function snapshotTitle(snapshot: ReportSnapshot): string {
  if (snapshot.type === 'listing') return snapshot.title
  if (snapshot.type === 'user') return snapshot.fullName
  if (snapshot.type === 'barrier') return snapshot.page
  if (snapshot.type === 'wanted') return snapshot.title
  if (snapshot.type === 'review') return `Avaliação de ${snapshot.reviewer.fullName}`
  return `Mensagem de ${snapshot.sender.fullName}`
}

/** A person as a snapshot names them; a deleted account is "Conta removida". */
export function snapshotPerson(db: Database, userId: number) {
  return (
    db.select(memberNameColumns).from(profiles).where(eq(profiles.userId, userId)).get() ?? {
      username: null,
      fullName: 'Conta removida',
    }
  )
}

/** A listing as a report keeps it (text, price, photos, seller), or null when it is gone. */
export function listingSnapshot(db: Database, listingId: number, sellerId: number) {
  const row = rowWhere(db, listings, 'id', listingId, ['title', 'description', 'priceCents'])
  if (!row) return null
  const imageUrls = valuesWhere(db, listingImages, 'listingId', listingId, 'fullUrl', ['position'])
  return { type: 'listing' as const, ...row, imageUrls, seller: snapshotPerson(db, sellerId) }
}
