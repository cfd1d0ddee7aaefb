import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { matchLegacyCourses } from '../../server/courses/legacy'
import { createCourseWithDisciplines } from '../../server/db/factories'
import { rowWhere } from '../../server/db/rows'
import { listings, mainCategories, wantedPosts } from '../../server/db/schema'
import { type ServerMember, setUpMembers } from './support/accounts'
import { withServerDatabase } from './support/database'
import { setUpPhotoFiles } from './support/photos'
import { attachListingPhotos, fillSellForm } from './support/sell-form'
import { setUpStage } from './support/stage'

const stage = setUpStage()
const members = setUpMembers(stage, {
  poster: ['Lara Nunes', { course: 'Arquitetura e Urbanismo' }],
  fan: ['Otávio Lima', { course: 'Arquitetura e Urbanismo' }],
  seller: ['Paula Dias', { course: 'arquitetura e urbanismo' }],
})
const photos = setUpPhotoFiles(900, 700, ['#1d4ed8'])

beforeAll(async () => {
  await withServerDatabase(stage.server.dataDir, (db) => {
    const desapegos = rowWhere(db, mainCategories, 'slug', 'desapegos', ['id'])
    const poster = members.poster
    // The community's list has the course the three wrote (the seller in other letters): the admin's
    // import moves each written course onto it, and "do seu curso" compares that choice.
    createCourseWithDisciplines(db, poster.communityId ?? 0, 'Arquitetura e Urbanismo')
    matchLegacyCourses(db, poster.communityId ?? 0)
    db.insert(wantedPosts)
      .values({
        communityId: poster.communityId ?? 0,
        posterId: poster.id,
        title: 'Kit de desenho técnico',
        mainCategoryId: desapegos?.id ?? 0,
        expiresAt: new Date(Date.now() + 14 * 24 * 60 * 60 * 1000),
      })
      .run()
  })
})

async function signedIn(student: ServerMember, phone = false): Promise<Page> {
  const { page } = await stage.signedInPage(student, { device: phone ? 'phone' : 'desktop' })
  return page
}

describe('Procura-se: demanda à vista', () => {
  it('"Eu também" soma uma pessoa ao pedido, ordena por mais procurados e o vendedor vê a demanda do curso', async () => {
    const f = await signedIn(members.fan, true)
    await f.goto('/univille/procura-se')
    const card = f.getByRole('article', { name: 'Kit de desenho técnico' })
    await card.getByText('1 pessoa procura').waitFor()
    await card.getByRole('button', { name: /Eu também/ }).click()
    await f.getByText('Anotado! Avisamos você quando alguém anunciar.').waitFor()
    await card.getByText('2 pessoas procuram').waitFor()
    await card.getByText(', você também').waitFor()

    // The order is in the address, so a link keeps it; the count survives a reload.
    await f.getByLabel('Ordenar por').selectOption({ label: 'Mais procurados' })
    await f.waitForURL(/\?ordem=mais-procurados$/)
    await f.reload()
    await f.getByRole('article', { name: 'Kit de desenho técnico' }).getByText('2 pessoas procuram').waitFor()
    expect(await f.getByLabel('Ordenar por').inputValue()).toBe('popular')

    // A seller of the same course sees it among the most wanted on Vender.
    const s = await signedIn(members.seller)
    await s.goto('/univille/vender')
    const demand = s.getByRole('region', { name: 'Mais procurados do seu curso' })
    await demand.getByText('Kit de desenho técnico').waitFor()
    await demand.getByText(/2 pessoas do seu curso · 2 pessoas procuram no total/).waitFor()

    // 'Não procuro mais' takes the fan off again.
    await f
      .getByRole('article', { name: 'Kit de desenho técnico' })
      .getByRole('button', { name: /Não procuro mais/ })
      .click()
    await f.getByRole('article', { name: 'Kit de desenho técnico' }).getByText('1 pessoa procura').waitFor()

    await f.context().close()
    await s.context().close()
  })
})

describe('Integridade acadêmica', () => {
  it('um anúncio que vende o TCC de outra pessoa é recusado com o motivo e o link para as regras', async () => {
    const s = await signedIn(members.seller)
    await fillSellForm(s, {
      title: 'Faço seu TCC',
      description: 'Qualquer curso, com sigilo e entrega rápida. Chame no chat.',
      price: '500',
      category: /Serviços/,
      subcategory: /Revisão e formatação/,
      condition: 'Novo',
    })
    await attachListingPhotos(s, photos)
    await s.getByRole('button', { name: 'Publicar anúncio' }).click()

    const refusal = s.getByRole('alert').filter({ hasText: 'Isto não pode ser publicado no Vupt' })
    await refusal
      .getByText(/Fazer o TCC, a monografia ou os trabalhos de outra pessoa fere a integridade acadêmica/)
      .waitFor()
    expect(new URL(s.url()).pathname).toBe('/univille/vender')
    const published = await withServerDatabase(stage.server.dataDir, (db) =>
      db.select({ id: listings.id }).from(listings).where(eq(listings.sellerId, members.seller.id)).all(),
    )
    expect(published).toEqual([])

    // The link opens the FAQ's answer about what may not be sold.
    await refusal.getByRole('link', { name: 'Veja o que não pode ser anunciado' }).click()
    await s.waitForURL(/\/faq#integridade-academica$/)
    await s
      .getByText(/Aulas particulares, monitoria, revisão de texto e formatação ABNT são permitidas/)
      .waitFor()
    await s.context().close()
  })
})
