import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { memberCourseOf, setMemberCourse } from '../../server/courses/legacy'
import { createCourseWithDisciplines, createListing, createStudent } from '../../server/db/factories'
import { courses, disciplines, listings, profiles } from '../../server/db/schema'
import { listListings } from '../../server/listings/catalog'
import { myCourseListings } from '../../server/listings/portal'
import { expectAppError, expectValidationMessage } from '../support/assertions'
import { sellFormInput, subcategoryIds } from '../support/listings'
import { listingPlans, statementReads } from '../support/sqlite-reads'
import {
  type AppCaller,
  callerFor,
  communityBySlug,
  createAdmin,
  setUpTestWorld,
  type TestWorld,
} from '../support/test-app'

const adminOf = async (world: TestWorld) =>
  callerFor(world.services, { userId: (await createAdmin(world.db)).id }).caller

const courseNames = (world: TestWorld) =>
  world.db
    .select({ name: courses.name })
    .from(courses)
    .all()
    .map((row) => row.name)

describe('Admin → Cursos: importar um CSV', () => {
  const world = setUpTestWorld()

  it('importa cursos e disciplinas (com ponto e vírgula, acentos e aspas) e diz quantos entraram', async () => {
    const admin = await adminOf(world)
    const csv = [
      'Curso;Disciplina;Código',
      'Engenharia Civil;Cálculo I;MAT101',
      'Engenharia Civil;Física I;fis101',
      '"Direito; noturno";Direito Civil I;',
      'Medicina;;',
      '',
    ].join('\r\n')
    const result = await admin.admin.courses.import({ csv })
    expect(result).toEqual({ ok: true, courses: 3, disciplines: 3, unchanged: 0, membersMatched: 0 })
    const list = await admin.courses.list()
    expect(list.map((course) => course.name)).toEqual(['Direito; noturno', 'Engenharia Civil', 'Medicina'])
    expect(list[1]?.disciplines).toEqual([
      { id: expect.any(Number), name: 'Cálculo I', code: 'MAT101' },
      { id: expect.any(Number), name: 'Física I', code: 'FIS101' },
    ])
    // The same file again changes nothing: what exists stays.
    expect(await admin.admin.courses.import({ csv })).toEqual({
      ok: true,
      courses: 0,
      disciplines: 0,
      unchanged: 4,
      membersMatched: 0,
    })
  })

  it('um arquivo com linhas erradas não importa nada e diz o erro de cada linha', async () => {
    const admin = await adminOf(world)
    const csv = [
      'curso,disciplina,codigo',
      'Engenharia Civil,Cálculo I,MAT101',
      ',Física I,FIS101',
      'Engenharia Civil,,EGC9',
      'Engenharia Civil,Cálculo I,MAT102',
      `Engenharia Civil,${'X'.repeat(101)},`,
      'Engenharia Civil,Química,QUI#1',
      'Engenharia Civil,Álgebra,ALG1,sobrando',
      'Arquitetura,Desenho,DES1',
    ].join('\n')
    const result = await admin.admin.courses.import({ csv })
    expect(result).toEqual({
      ok: false,
      errors: [
        { line: 3, message: 'Linha 3: falta o nome do curso.' },
        { line: 4, message: 'Linha 4: há um código, mas falta o nome da disciplina.' },
        {
          line: 5,
          message: 'Linha 5: a disciplina "Cálculo I" do curso "Engenharia Civil" já está na linha 2.',
        },
        { line: 6, message: 'Linha 6: Nome da disciplina deve ter no máximo 100 caracteres.' },
        { line: 7, message: 'Linha 7: Código deve ter só letras, números, ponto ou hífen.' },
        { line: 8, message: 'Linha 8: tem 4 colunas, mas o cabeçalho tem 3.' },
      ],
    })
    expect(courseNames(world)).toEqual([])
  })

  it('recusa um arquivo sem o cabeçalho e um com aspas abertas, sem importar nada', async () => {
    const admin = await adminOf(world)
    expect(await admin.admin.courses.import({ csv: 'Engenharia;Cálculo\n' })).toEqual({
      ok: false,
      errors: [
        {
          line: 1,
          message: 'Linha 1: o cabeçalho precisa ter as colunas curso, disciplina e código (esta opcional).',
        },
      ],
    })
    const unclosed = await admin.admin.courses.import({
      csv: 'curso;disciplina\nDireito;"Civil\nMedicina;x\n',
    })
    expect(unclosed.ok).toBe(false)
    expect(courseNames(world)).toEqual([])
  })

  it('só um administrador importa, e só na própria comunidade', async () => {
    const member = callerFor(world.services, { userId: (await createStudent(world.db, { member: true })).id })
    await expectAppError(member.caller.admin.courses.import({ csv: 'curso;disciplina\nA;B' }), 'FORBIDDEN')
    const admin = await adminOf(world)
    await admin.admin.courses.import({ csv: 'curso;disciplina\nEngenharia;Cálculo' })
    const udesc = communityBySlug(world.db, 'udesc')
    expect(world.db.select().from(courses).where(eq(courses.communityId, udesc.id)).all()).toEqual([])
  })
})

describe('Admin → Cursos: à mão', () => {
  const world = setUpTestWorld({ scope: 'file' })
  let admin: AppCaller

  beforeAll(async () => {
    admin = await adminOf(world)
  })

  it('cria, renomeia e exclui cursos e disciplinas; nomes iguais sem acento ou caixa são recusados', async () => {
    const { id } = await admin.admin.courses.create({ name: 'Ciência da Computação' })
    await expectAppError(admin.admin.courses.create({ name: 'ciencia  da computacao' }), 'COURSE_EXISTS')
    const calc = await admin.admin.courses.createDiscipline({
      courseId: id,
      name: 'Cálculo I',
      code: 'mat101',
    })
    await expectAppError(
      admin.admin.courses.createDiscipline({ courseId: id, name: 'CALCULO I' }),
      'DISCIPLINE_EXISTS',
    )
    await expectValidationMessage(
      admin.admin.courses.createDiscipline({ courseId: id, name: 'Física', code: 'FIS/1' }),
      'Código deve ter só letras, números, ponto ou hífen',
    )
    await admin.admin.courses.updateDiscipline({ id: calc.id, name: 'Cálculo Diferencial', code: 'MAT111' })
    await admin.admin.courses.rename({ id, name: 'Ciência da Computação (noturno)' })
    const [course] = await admin.courses.list()
    expect(course).toEqual({
      id,
      name: 'Ciência da Computação (noturno)',
      disciplines: [{ id: calc.id, name: 'Cálculo Diferencial', code: 'MAT111' }],
    })
    await admin.admin.courses.deleteDiscipline({ id: calc.id })
    await admin.admin.courses.delete({ id })
    expect(await admin.courses.list()).toEqual([])
    await expectAppError(admin.admin.courses.rename({ id, name: 'Outro' }), 'COURSE_NOT_FOUND')
  })

  it('o curso de outra comunidade não é alcançável pelo administrador', async () => {
    const udesc = communityBySlug(world.db, 'udesc')
    const other = createCourseWithDisciplines(world.db, udesc.id, 'Pedagogia', [{ name: 'Didática' }])
    await expectAppError(admin.admin.courses.rename({ id: other.id, name: 'Outro' }), 'COURSE_NOT_FOUND')
    await expectAppError(
      admin.admin.courses.deleteDiscipline({ id: other.disciplineIds[0] ?? 0 }),
      'DISCIPLINE_NOT_FOUND',
    )
  })
})

describe('O curso do perfil vem da lista', () => {
  const world = setUpTestWorld()

  it('cursos escritos à mão são ligados ao curso da lista sem acento nem caixa; os outros ficam para o administrador', async () => {
    const written = ['engenharia civil', 'ENGENHARIA  CIVIL ', 'Eng. Civil', 'Direito']
    const students = await Promise.all(
      written.map((course) => createStudent(world.db, { member: true, course })),
    )
    const admin = await adminOf(world)
    const result = await admin.admin.courses.import({ csv: 'curso;disciplina\nEngenharia Civil;\nMedicina;' })
    expect(result).toMatchObject({ ok: true, membersMatched: 2 })
    const courseOf = (id: number) => memberCourseOf(world.db, id)
    const civil = world.db.select().from(courses).where(eq(courses.name, 'Engenharia Civil')).get()
    expect(courseOf(students[0]?.id ?? 0)).toEqual({ course: 'Engenharia Civil', courseId: civil?.id })
    expect(courseOf(students[1]?.id ?? 0)).toEqual({ course: 'Engenharia Civil', courseId: civil?.id })
    expect(courseOf(students[2]?.id ?? 0)).toEqual({ course: 'Eng. Civil', courseId: null })

    const { legacy } = await admin.admin.courses.list()
    // The admin's own course (written by the factory) is there too.
    expect(legacy).toEqual(
      expect.arrayContaining([
        { text: 'Eng. Civil', members: 1 },
        { text: 'Direito', members: 1 },
      ]),
    )
    expect(await admin.admin.courses.mapLegacy({ text: 'Eng. Civil', courseId: civil?.id ?? 0 })).toEqual({
      moved: 1,
    })
    expect(courseOf(students[2]?.id ?? 0)).toEqual({ course: 'Engenharia Civil', courseId: civil?.id })
    // Renaming the course renames it on the profiles that chose it.
    await admin.admin.courses.rename({ id: civil?.id ?? 0, name: 'Engenharia Civil (integral)' })
    expect(courseOf(students[0]?.id ?? 0)?.course).toBe('Engenharia Civil (integral)')
  })

  it('com uma lista, o membro escolhe um curso dela; o texto antigo, sem mudar, continua aceito', async () => {
    const legacyMember = await createStudent(world.db, { member: true, course: 'Eng. de Pesca' })
    const community = communityBySlug(world.db, 'univille')
    createCourseWithDisciplines(world.db, community.id, 'Design')
    const member = callerFor(world.services, { userId: legacyMember.id }).caller
    const me = await member.profiles.me()
    const form = {
      username: me.username ?? '',
      fullName: me.fullName,
      university: me.university ?? undefined,
    }
    // Unchanged, the written course waits for an admin.
    await member.profiles.update({ ...form, course: 'Eng. de Pesca' })
    await expectAppError(member.profiles.update({ ...form, course: 'Astronomia' }), 'COURSE_NOT_IN_LIST')
    await member.profiles.update({ ...form, course: 'design' })
    const after = memberCourseOf(world.db, legacyMember.id)
    expect(after).toEqual({ course: 'Design', courseId: expect.any(Number) })
    expect((await member.auth.me())?.courseId).toBe(after?.courseId)
  })

  it('no cadastro, com uma lista, o curso precisa ser dela; sem lista, fica como escrito', async () => {
    const anonymous = callerFor(world.services, null).caller
    const signUp = (course: string, n: number) =>
      anonymous.auth.signUp({
        email: `novo${n}@univille.br`,
        username: `novo_${n}`,
        fullName: 'Pessoa Nova',
        course,
        matricula: `2026000${n}`,
        password: 'senha-forte-123',
        communitySlug: 'univille',
      })
    await signUp('Qualquer Coisa', 1)
    const signedUp = (username: string) => {
      const row = world.db.select().from(profiles).where(eq(profiles.username, username)).get()
      return memberCourseOf(world.db, row?.userId ?? 0)
    }
    expect(signedUp('novo_1')).toEqual({
      course: 'Qualquer Coisa',
      courseId: null,
    })
    const community = communityBySlug(world.db, 'univille')
    createCourseWithDisciplines(world.db, community.id, 'Psicologia')
    await expectAppError(signUp('Qualquer Coisa', 2), 'COURSE_NOT_IN_LIST')
    await signUp('PSICOLOGIA', 3)
    expect(signedUp('novo_3')).toEqual({
      course: 'Psicologia',
      courseId: expect.any(Number),
    })
  })
})

describe('Anúncios com curso, disciplinas e ISBN', () => {
  const world = setUpTestWorld({ scope: 'file' })
  let seller: AppCaller
  let sellerId: number
  let buyer: AppCaller
  let buyerId: number
  let civil: { id: number; disciplineIds: number[] }
  let direito: { id: number; disciplineIds: number[] }

  beforeAll(async () => {
    const community = communityBySlug(world.db, 'univille')
    civil = createCourseWithDisciplines(world.db, community.id, 'Engenharia Civil', [
      { name: 'Cálculo I', code: 'MAT101' },
      { name: 'Resistência dos Materiais', code: 'EGC5012' },
    ])
    direito = createCourseWithDisciplines(world.db, community.id, 'Direito', [{ name: 'Direito Civil I' }])
    const sellerAccount = await createStudent(world.db, { member: true })
    sellerId = sellerAccount.id
    seller = callerFor(world.services, { userId: sellerId }).caller
    const buyerAccount = await createStudent(world.db, { member: true })
    setMemberCourse(world.db, buyerAccount.id, { courseId: civil.id, course: 'Engenharia Civil' })
    buyerId = buyerAccount.id
    buyer = callerFor(world.services, { userId: buyerId }).caller
  })

  /** A new course of Univille with one discipline, and a listing of the seller's marked with both. */
  function taggedListing(courseName: string, discipline: string, code: string, title: string) {
    const community = communityBySlug(world.db, 'univille')
    const course = createCourseWithDisciplines(world.db, community.id, courseName, [
      { name: discipline, code },
    ])
    const listingId = createListing(world.db, {
      sellerId,
      title,
      courseId: course.id,
      disciplineIds: course.disciplineIds,
    })
    return { course, listingId }
  }

  const book = (overrides = {}) => ({
    ...sellFormInput(world.db, sellerId, {
      title: 'Livro do Stewart',
      description: 'Volume 1, sétima edição, sem marcações.',
      ...subcategoryIds(world.db, 'Livros e apostilas'),
    }),
    ...overrides,
  })

  it('grava curso, disciplinas e o ISBN-10 normalizado para 13; a página mostra com hífens', async () => {
    const { id } = await seller.listings.create(
      book({ courseId: civil.id, disciplineIds: civil.disciplineIds, isbn: '85-359-0277-5' }),
    )
    const row = world.db.select().from(listings).where(eq(listings.id, id)).get()
    expect(row).toMatchObject({ courseId: civil.id, isbn: '9788535902778' })
    const page = await buyer.listings.byId({ id })
    expect(page).toMatchObject({
      courseId: civil.id,
      courseName: 'Engenharia Civil',
      isbn: '9788535902778',
      isbnDisplay: '978-85-359-0277-8',
      disciplines: [
        { name: 'Cálculo I', code: 'MAT101' },
        { name: 'Resistência dos Materiais', code: 'EGC5012' },
      ],
    })
    const { items } = await buyer.listings.list({ q: 'Stewart' })
    expect(items.find((item) => item.id === id)?.courseTag).toBe('Cálculo I, Resistência dos Materiais')
  })

  it('recusa ISBN com dígito verificador errado, disciplina de outro curso e curso de outra comunidade', async () => {
    await expectValidationMessage(
      seller.listings.create(book({ isbn: '978-85-359-0277-9' })),
      'ISBN inválido: confira os dígitos (10 ou 13, com ou sem hífens)',
    )
    await expectAppError(
      seller.listings.create(book({ courseId: civil.id, disciplineIds: direito.disciplineIds })),
      'LISTING_COURSE_INVALID',
    )
    await expectAppError(
      seller.listings.create(book({ disciplineIds: civil.disciplineIds })),
      'LISTING_COURSE_INVALID',
    )
    const udesc = communityBySlug(world.db, 'udesc')
    const foreign = createCourseWithDisciplines(world.db, udesc.id, 'Artes')
    await expectAppError(seller.listings.create(book({ courseId: foreign.id })), 'LISTING_COURSE_INVALID')
  })

  it('editar troca as disciplinas e a busca acompanha', async () => {
    const { id } = await seller.listings.create(book({ title: 'Apostila de exercícios', courseId: civil.id }))
    expect((await buyer.listings.list({ q: 'EGC5012' })).items.map((item) => item.id)).not.toContain(id)
    await seller.listings.update({
      id,
      ...book({
        title: 'Apostila de exercícios',
        courseId: civil.id,
        disciplineIds: [civil.disciplineIds[1] ?? 0],
      }),
    })
    expect((await buyer.listings.list({ q: 'EGC5012' })).items.map((item) => item.id)).toContain(id)
    expect(
      (await buyer.listings.list({ q: 'resistencia materiais' })).items.map((item) => item.id),
    ).toContain(id)
    // Renaming the discipline: found by the new name, no longer by the old code.
    const admin = await adminOf(world)
    await admin.admin.courses.updateDiscipline({
      id: civil.disciplineIds[1] ?? 0,
      name: 'Mecânica dos Sólidos',
      code: 'EGC6000',
    })
    expect((await buyer.listings.list({ q: 'EGC5012' })).items.map((item) => item.id)).not.toContain(id)
    expect((await buyer.listings.list({ q: 'mecanica solidos' })).items.map((item) => item.id)).toContain(id)
  })

  it('a busca acha pelo ISBN com e sem hífens, em 10 ou 13 dígitos', async () => {
    const { id } = await seller.listings.create(
      book({ title: 'Código Civil comentado', isbn: '9788535902778' }),
    )
    for (const q of ['978-85-359-0277-8', '9788535902778', '85-359-0277-5', '978 85 359 0277 8']) {
      expect(
        (await buyer.listings.list({ q })).items.map((item) => item.id),
        q,
      ).toContain(id)
    }
  })

  it('filtra por curso e por disciplina, pela URL como os outros filtros', async () => {
    const a = createListing(world.db, { sellerId, title: 'Jaleco', courseId: direito.id })
    const b = createListing(world.db, {
      sellerId,
      title: 'Código Civil',
      courseId: direito.id,
      disciplineIds: direito.disciplineIds,
    })
    const byCourse = await buyer.listings.list({ courseId: direito.id })
    expect(byCourse.items.map((item) => item.id)).toEqual([b, a])
    const byDiscipline = await buyer.listings.list({ disciplineId: direito.disciplineIds[0] ?? 0 })
    expect(byDiscipline.items.map((item) => item.id)).toEqual([b])
    const sorted = await buyer.listings.list({ courseId: direito.id, sort: 'price-asc', limit: 1 })
    expect(sorted.items).toHaveLength(1)
    expect(sorted.nextCursor).not.toBeNull()
  })

  it('"Do meu curso": os mais novos do curso do membro, sem os próprios; nada para quem não tem curso da lista', async () => {
    const first = createListing(world.db, { sellerId, title: 'Trena de 5 metros', courseId: civil.id })
    const second = createListing(world.db, { sellerId, title: 'Calculadora HP 50g', courseId: civil.id })
    createListing(world.db, { sellerId, title: 'Vade Mecum', courseId: direito.id })
    const shelf = await buyer.listings.myCourse({ limit: 2 })
    expect(shelf).toMatchObject({ courseId: civil.id })
    expect(shelf.items.map((item) => item.id)).toEqual([second, first])
    expect(await seller.listings.myCourse({})).toEqual({ courseId: null, items: [] })
    // A listing of one's own course does not show to oneself.
    setMemberCourse(world.db, sellerId, { courseId: civil.id, course: 'Engenharia Civil' })
    expect((await seller.listings.myCourse({})).items).toEqual([])
  })

  it('a busca pelo código de uma disciplina, em qualquer caixa, lê os anúncios dela pelo índice da disciplina', async () => {
    const community = communityBySlug(world.db, 'univille')
    const { course: geology, listingId: tagged } = taggedListing(
      'Geologia',
      'Mineralogia',
      'GEO210',
      'Lupa de bolso',
    )
    const untagged = createListing(world.db, { sellerId, title: 'Martelo de geólogo', courseId: geology.id })
    const found = (await buyer.listings.list({ q: ' geo210 ' })).items.map((item) => item.id)
    expect(found).toContain(tagged)
    expect(found).not.toContain(untagged)
    const plan = plansOf(() =>
      listListings(world.db, { communityId: community.id, q: 'Geo210', sort: 'recent', limit: 24 }),
    )
    expect(plan).toMatch(/listing_disciplines_discipline_idx|sqlite_autoindex_listing_disciplines/)
    expect(plan).not.toContain('listings_fts')
  })

  it('excluir o curso tira as marcas dos anúncios, e a busca deixa de achá-los pela disciplina', async () => {
    const { course: temp, listingId: id } = taggedListing('Oceanografia', 'Maregrafia', 'OCN1', 'Boia')
    expect((await buyer.listings.list({ q: 'maregrafia' })).items.map((item) => item.id)).toContain(id)
    const admin = await adminOf(world)
    await admin.admin.courses.delete({ id: temp.id })
    expect(world.db.select().from(listings).where(eq(listings.id, id)).get()).toMatchObject({
      courseId: null,
      tagText: '',
    })
    expect((await buyer.listings.list({ q: 'maregrafia' })).items.map((item) => item.id)).not.toContain(id)
    expect(world.db.select().from(disciplines).where(eq(disciplines.courseId, temp.id)).all()).toEqual([])
  })

  /** The plans SQLite picks for the statements on the listings that `work` runs. */
  function plansOf(work: () => void): string {
    const sqlite = world.db.$client
    return listingPlans(sqlite, statementReads(sqlite, work)).join('\n---\n')
  }

  it('o filtro de curso e "Do meu curso" percorrem os índices do curso; o de disciplina lê os anúncios dela', () => {
    const community = communityBySlug(world.db, 'univille')
    const query = { communityId: community.id, courseId: civil.id, limit: 24, viewerId: sellerId }
    const recent = plansOf(() => listListings(world.db, { ...query, sort: 'recent' }))
    expect(recent).toContain('USING INDEX listings_public_course_recent_idx')
    expect(recent).not.toContain('USE TEMP B-TREE')
    const cheap = plansOf(() => listListings(world.db, { ...query, sort: 'price-asc' }))
    expect(cheap).toContain('USING INDEX listings_public_course_price_idx')
    expect(cheap).not.toContain('USE TEMP B-TREE')
    const popular = plansOf(() => listListings(world.db, { ...query, sort: 'vupts' }))
    expect(popular).toContain('USING INDEX listings_public_course_vupts_idx')
    const shelf = plansOf(() => myCourseListings(world.db, { id: buyerId, communityId: community.id }, 12))
    expect(shelf).toContain('USING INDEX listings_public_course_recent_idx')
    expect(shelf).not.toContain('USE TEMP B-TREE')
    const discipline = plansOf(() =>
      listListings(world.db, {
        communityId: community.id,
        disciplineId: civil.disciplineIds[0] ?? 0,
        sort: 'recent',
        limit: 24,
      }),
    )
    expect(discipline).toMatch(/listing_disciplines_discipline_idx|sqlite_autoindex_listing_disciplines/)
  })
})
