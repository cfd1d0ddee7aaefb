import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setMemberCourse } from '../../server/courses/legacy'
import { createCourseWithDisciplines, createListing } from '../../server/db/factories'
import { rowWhere } from '../../server/db/rows'
import { courses, listingDisciplines, listings, subcategories } from '../../server/db/schema'
import { setUpMembers } from './support/accounts'
import { withServerDatabase } from './support/database'
import { setUpPhotoFiles } from './support/photos'
import { attachListingPhotos, fillSellForm } from './support/sell-form'
import { setUpStage } from './support/stage'

const stage = setUpStage()
const members = setUpMembers(stage, {
  seller: 'Renata Prado',
  buyer: 'Igor Salles',
})
const photos = setUpPhotoFiles(900, 700, ['#b45309'])
let civil: { id: number; disciplineIds: number[] }
let otherListingTitle: string

beforeAll(async () => {
  await withServerDatabase(stage.server.dataDir, async (db) => {
    const communityId = members.seller.communityId ?? 0
    civil = createCourseWithDisciplines(db, communityId, 'Engenharia Civil', [
      { name: 'Cálculo I', code: 'MAT101' },
      { name: 'Física I', code: 'FIS101' },
    ])
    createCourseWithDisciplines(db, communityId, 'Direito', [{ name: 'Direito Civil I' }])
    for (const member of [members.seller, members.buyer]) {
      setMemberCourse(db, member.id, { course: 'Engenharia Civil', courseId: civil.id })
    }
    // A listing of nobody's course: the course filter leaves it out.
    const books = rowWhere(db, subcategories, 'name', 'Livros e apostilas', ['id'])
    otherListingTitle = 'Vade Mecum 2025 sem marcas'
    createListing(db, {
      sellerId: members.buyer.id,
      title: otherListingTitle,
      subcategoryId: books?.id ?? 0,
    })
  })
})

const TITLE = 'Livro Cálculo Vol. 1 — Stewart'

describe('Anúncios por curso, disciplina e ISBN', () => {
  it('o vendedor marca curso, disciplina e ISBN; quem faz o curso acha em "Do meu curso" e pelo ISBN com hífens', async () => {
    const { page: s, context: sellerContext } = await stage.signedInPage(members.seller, { device: 'phone' })
    await fillSellForm(s, {
      title: TITLE,
      description: 'Oitava edição, sem rabiscos, capa um pouco gasta.',
      price: '120',
      category: /Desapegos/,
      subcategory: /Livros e apostilas/,
      condition: 'Usado',
    })

    // The seller's own course comes suggested; its disciplines are offered.
    await expect.poll(() => s.getByLabel('Curso', { exact: true }).inputValue()).toBe(String(civil.id))
    await s.getByRole('checkbox', { name: 'Cálculo I — MAT101' }).check()
    // A wrong check digit is refused with the shared pt-BR message, before anything is sent.
    await s.getByLabel('ISBN (opcional)').fill('978-85-359-0277-9')
    await attachListingPhotos(s, photos)
    await s.getByRole('button', { name: 'Publicar anúncio' }).click()
    await s.getByText('ISBN inválido: confira os dígitos (10 ou 13, com ou sem hífens)').first().waitFor()
    await s.getByLabel('ISBN (opcional)').fill('8535902775')
    await s.getByRole('button', { name: 'Publicar anúncio' }).click()
    await s.waitForURL(/\/univille\/meus-produtos/)

    const id = await withServerDatabase(stage.server.dataDir, (db) => {
      const row = rowWhere(db, listings, 'title', TITLE, ['id', 'courseId', 'isbn'])
      expect(row).toMatchObject({ courseId: civil.id, isbn: '9788535902778' })
      return row?.id ?? 0
    })

    // The product page shows the tags, the ISBN hyphenated.
    await s.goto(`/univille/produto/${id}`)
    const tags = s.getByRole('definition')
    await tags.getByText('Engenharia Civil', { exact: true }).waitFor()
    await tags.getByText('Cálculo I (MAT101)').waitFor()
    await tags.getByText('978-85-359-0277-8').waitFor()

    // An edit that changes only the price keeps the tags.
    await s.goto(`/univille/produto/${id}?editar=1`)
    await s.getByLabel('Preço').fill('110')
    await s.getByRole('button', { name: 'Salvar alterações' }).click()
    await s.getByText('R$ 110,00').first().waitFor()
    const kept = await withServerDatabase(stage.server.dataDir, (db) => ({
      listing: rowWhere(db, listings, 'id', id, ['courseId', 'isbn', 'priceCents']),
      disciplines: db
        .select({ id: listingDisciplines.disciplineId })
        .from(listingDisciplines)
        .where(eq(listingDisciplines.listingId, id))
        .all(),
    }))
    expect(kept).toEqual({
      listing: { courseId: civil.id, isbn: '9788535902778', priceCents: 11_000 },
      disciplines: [{ id: civil.disciplineIds[0] }],
    })
    await sellerContext.close()

    // Another student of the course finds it on the portal's 'Do meu curso'…
    const { page: b, context: buyerContext } = await stage.signedInPage(members.buyer, { device: 'phone' })
    await b.goto('/univille/portal')
    const shelf = b.getByRole('region', { name: 'Do meu curso' })
    await shelf.getByText(TITLE).waitFor()
    expect(await shelf.getByText(otherListingTitle).count()).toBe(0)
    // …and on the community's home…
    await b.goto('/univille')
    await b.getByRole('region', { name: 'Do meu curso' }).getByText(TITLE).waitFor()
    // …and by searching the ISBN as printed on the book, with hyphens.
    await b.goto('/univille/portal')
    await b.getByRole('searchbox', { name: 'Buscar anúncios' }).fill('978-85-359-0277-8')
    await b.getByRole('button', { name: 'Buscar', exact: true }).click()
    await b.waitForURL(/q=978-85-359-0277-8/)
    await b.getByRole('heading', { name: /978-85-359-0277-8/ }).waitFor()
    await b
      .locator('main')
      .getByRole('link', { name: new RegExp(TITLE) })
      .first()
      .waitFor()
    await buyerContext.close()
  })

  it('o filtro de curso do portal fica no endereço', async () => {
    const { page: b, context } = await stage.signedInPage(members.buyer, { device: 'phone' })
    await b.goto(`/univille/portal?course=${civil.id}`)
    const results = b.getByRole('region', { name: /Todos os anúncios/ })
    await results.getByText(TITLE).first().waitFor()
    expect(await results.getByText(otherListingTitle).count()).toBe(0)
    const filter = b.getByRole('form', { name: 'Filtrar por curso' })
    expect(await filter.getByLabel('Curso', { exact: true }).inputValue()).toBe(String(civil.id))

    // 'Todos os cursos' takes it out of the address, and the untagged listing is back.
    await filter.getByLabel('Curso', { exact: true }).selectOption({ label: 'Todos os cursos' })
    await b.waitForURL((url) => !url.searchParams.has('course'))
    await results.getByText(otherListingTitle).first().waitFor()

    // Choosing a discipline of the course narrows by it, also in the address.
    await filter.getByLabel('Curso', { exact: true }).selectOption({ label: 'Engenharia Civil' })
    await b.waitForURL((url) => url.searchParams.get('course') === String(civil.id))
    await filter.getByLabel('Disciplina').selectOption({ label: 'Física I — FIS101' })
    await b.waitForURL((url) => url.searchParams.get('discipline') === String(civil.disciplineIds[1]))
    await b.getByText('Nenhum anúncio encontrado').first().waitFor()
    await context.close()
  })
})

describe('Admin → Cursos', () => {
  // One sign-in for the section: the administrator's second factor takes each code once.
  let admin: Awaited<ReturnType<typeof stage.adminPage>>
  beforeAll(async () => {
    admin = await stage.adminPage()
  })
  afterAll(() => admin.context.close())

  it('"Novo curso": Cancelar fecha sem criar; salvo, o curso aparece na lista', async () => {
    const a = admin.page
    await a.goto('/univille/admin/cursos')
    await a.getByRole('heading', { name: 'Engenharia Civil' }).waitFor()
    const dialog = a.getByRole('dialog', { name: 'Novo curso' })

    await a.getByRole('button', { name: 'Novo curso' }).click()
    await dialog.getByLabel('Nome do curso').fill('Arquitetura e Urbanismo')
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await a.getByRole('heading', { name: 'Arquitetura e Urbanismo' }).count()).toBe(0)

    // Opened again it starts empty; saved, the toast says so, the dialog closes and the list shows it.
    await a.getByRole('button', { name: 'Novo curso' }).click()
    expect(await dialog.getByLabel('Nome do curso').inputValue()).toBe('')
    await dialog.getByLabel('Nome do curso').fill('Arquitetura e Urbanismo')
    await dialog.getByRole('button', { name: 'Salvar curso' }).click()
    await a.getByText('Curso criado!').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await a.getByRole('heading', { name: 'Arquitetura e Urbanismo' }).waitFor()
  })

  it('um CSV com uma linha errada mostra o erro da linha e não importa nada', async () => {
    const a = admin.page
    await a.goto('/univille/admin/cursos')
    await a.getByRole('heading', { name: 'Engenharia Civil' }).waitFor()
    const before = await withServerDatabase(
      stage.server.dataDir,
      (db) => db.select().from(courses).all().length,
    )

    const csv = ['curso;disciplina;código', 'Medicina;Anatomia I;MED101', 'Medicina;;MED/102'].join('\n')
    await a
      .getByLabel('Arquivo CSV')
      .setInputFiles({ name: 'cursos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await a.getByRole('button', { name: 'Importar' }).click()
    const errors = a.getByRole('list', { name: 'Linhas com erro' })
    await errors.getByText(/^Linha 3:/).waitFor()
    await a
      .getByText(/Nada foi importado/)
      .first()
      .waitFor()
    expect(await errors.getByRole('listitem').count()).toBe(1)
    const after = await withServerDatabase(
      stage.server.dataDir,
      (db) => db.select().from(courses).all().length,
    )
    expect(after).toBe(before)
    expect(await a.getByRole('heading', { name: 'Medicina' }).count()).toBe(0)

    // Fixed, the same file imports, and the course appears with its discipline.
    const fixed = [
      'curso;disciplina;código',
      'Medicina;Anatomia I;MED101',
      'Medicina;Fisiologia;MED102',
    ].join('\n')
    await a
      .getByLabel('Arquivo CSV')
      .setInputFiles({ name: 'cursos.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) })
    await a.getByRole('button', { name: 'Importar' }).click()
    await a.getByText('Importado: 1 curso novo, 2 disciplinas novas.').first().waitFor()
    await a.getByRole('list', { name: 'Disciplinas de Medicina' }).getByText('Fisiologia — MED102').waitFor()
  })
})
