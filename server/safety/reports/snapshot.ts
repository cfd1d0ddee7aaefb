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
