import { desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  createConfirmedMeeting,
  createConversation,
  createCourseWithDisciplines,
  createListing,
} from '../../server/db/factories'
import { rowReader } from '../../server/db/row-reader'
import { favorites, listings, meetings, profiles } from '../../server/db/schema'
import { CARD_DECODERS, cardColumns } from '../../server/listings/card'
import { selectCardFields } from '../../server/listings/visibility'
import { createMember, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()

/** A page of cards with every kind of field: plain columns, a Date, nulls, computed flags both ways. */
async function cardsWorld() {
  const seller = await createMember(world)
  const viewer = await createMember(world)
  const communityId = world.db
    .select({ communityId: profiles.communityId })
    .from(profiles)
    .where(eq(profiles.userId, seller.id))
    .get()?.communityId
  const course = createCourseWithDisciplines(world.db, communityId ?? -1, 'Engenharia Civil', [
    { name: 'Cálculo I', code: 'MAT101' },
  ])
  const tagged = createListing(world.db, {
    sellerId: seller.id,
    title: 'Apostila de cálculo',
    courseId: course.id,
    disciplineIds: course.disciplineIds,
  })
  const favorite = createListing(world.db, { sellerId: seller.id, title: 'Bicicleta' })
  const reserved = createListing(world.db, { sellerId: seller.id, title: 'Capacete' })
  world.db.insert(favorites).values({ userId: viewer.id, listingId: favorite }).run()
  const meeting = createConfirmedMeeting(world.db, {
    conversationId: createConversation(world.db, seller.id, viewer.id, reserved),
  })
  const { dealId } = world.db
    .select({ dealId: meetings.dealId })
    .from(meetings)
    .where(eq(meetings.id, meeting.id))
    .get() ?? { dealId: null }
  world.db.update(listings).set({ reservedByDealId: dealId }).where(eq(listings.id, reserved)).run()
  return { viewer: viewer.id, tagged, favorite, reserved }
}

function cardsStatement(viewerSql: ReturnType<typeof sql.placeholder>) {
  const fields = {
    ...cardColumns(viewerSql),
    listedAt: listings.listedAt,
    sortValue: sql<number>`${listings.listedAt}`,
  }
  const statement = selectCardFields(world.db, fields)
    .orderBy(desc(listings.id))
    .limit(sql.placeholder('limit'))
    .prepare()
  return { fields, statement }
}

describe('rowReader lê as linhas cruas como o all() do Drizzle', () => {
  it('cada campo, na ordem da lista, com os decodificadores das colunas e dos campos calculados', async () => {
    const { viewer, tagged, favorite, reserved } = await cardsWorld()
    const { fields, statement } = cardsStatement(sql.placeholder('viewerId'))
    const read = rowReader<ReturnType<typeof statement.all>[number]>(fields, CARD_DECODERS)
    const values = { viewerId: viewer, limit: 10 }

    const rows = read(statement.values(values))

    expect(rows).toEqual(statement.all(values))
    const byId = new Map(rows.map((row) => [row.id, row]))
    expect(byId.get(favorite)).toMatchObject({ isFavorite: true, reserved: false, courseTag: null })
    expect(byId.get(reserved)).toMatchObject({ isFavorite: false, reserved: true })
    expect(byId.get(tagged)).toMatchObject({ title: 'Apostila de cálculo', courseTag: 'Cálculo I' })
    expect(byId.get(tagged)?.listedAt).toBeInstanceOf(Date)
    expect(typeof byId.get(tagged)?.sortValue).toBe('number')
    expect(byId.get(tagged)?.imageUrl).toBeNull()
  })
})
