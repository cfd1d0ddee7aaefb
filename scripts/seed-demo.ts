/**
 * Fills the Univille community with demo students, listings and events, so a newcomer sees a
 * living portal. Idempotent: a second run adds nothing. Usage: npm run seed:demo
 */
import { join, resolve } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { matchLegacyCourses } from '../server/courses/legacy'
import { openDatabase, runMigrations } from '../server/db/client'
import {
  createCourseWithDisciplines,
  createEvent,
  createListing,
  createStudent,
} from '../server/db/factories'
import { rowWhere } from '../server/db/rows'
import {
  advertisements,
  communities,
  courses,
  events,
  listings,
  mainCategories,
  subcategories,
} from '../server/db/schema'
import { seedBase } from '../server/db/seed'
import { findUserByEmail } from '../server/people/auth/accounts'
import { seedCalendars } from '../server/semesters/calendar'
import { attachUploads } from '../server/uploads/attach'
import { createLocalImageStorage, type ImageStorage } from '../server/uploads/storage'
import { storeImage } from '../server/uploads/store-image'
import { loadEnv } from '../src/env'

const DEMO_PASSWORD = 'vupt-demo-123'

/**
 * A short example of a course list, marked as an example (Admin → Cursos says so): the real one is the
 * university's, imported by its administrators. Seeded only where the community has no list yet.
 */
const EXAMPLE_COURSES: { name: string; disciplines: { name: string; code: string }[] }[] = [
  {
    name: 'Design',
    disciplines: [
      { name: 'Desenho de Observação', code: 'DES101' },
      { name: 'Tipografia', code: 'DES204' },
    ],
  },
  {
    name: 'Engenharia de Software',
    disciplines: [
      { name: 'Cálculo I', code: 'MAT101' },
      { name: 'Algoritmos e Programação', code: 'ESW102' },
    ],
  },
  {
    name: 'Engenharia Mecânica',
    disciplines: [
      { name: 'Cálculo I', code: 'MAT101' },
      { name: 'Desenho Técnico', code: 'EMC110' },
    ],
  },
  {
    name: 'Letras',
    disciplines: [
      { name: 'Teoria Literária', code: 'LET120' },
      { name: 'Linguística I', code: 'LET101' },
    ],
  },
  { name: 'Publicidade e Propaganda', disciplines: [{ name: 'Fotografia Publicitária', code: 'PUB210' }] },
]

const STUDENTS = [
  { username: 'marina_arts', fullName: 'Marina Costa', course: 'Design' },
  { username: 'joao_dev', fullName: 'João Pereira', course: 'Engenharia de Software' },
  { username: 'lu_fotografa', fullName: 'Luana Martins', course: 'Publicidade e Propaganda' },
  { username: 'pedro_calc', fullName: 'Pedro Henrique Alves', course: 'Engenharia Mecânica' },
  { username: 'bia_letras', fullName: 'Beatriz Rocha', course: 'Letras' },
] as const

type DemoListing = {
  seller: (typeof STUDENTS)[number]['username']
  subcategory: string
  title: string
  description: string
  price: number
  condition: 'novo' | 'seminovo' | 'usado'
  views: number
}

const LISTINGS: DemoListing[] = [
  {
    seller: 'marina_arts',
    subcategory: 'Arte e ilustração',
    title: 'Ilustração personalizada em aquarela',
    description: 'Retratos e cenas em aquarela no papel 300 g, tamanho A4. Entrega em até 7 dias no campus.',
    price: 85,
    condition: 'novo',
    views: 320,
  },
  {
    seller: 'marina_arts',
    subcategory: 'Design gráfico',
    title: 'Identidade visual para projetos e empresas júnior',
    description:
      'Logotipo, paleta de cores e tipografia com manual simples. Duas rodadas de ajustes incluídas.',
    price: 250,
    condition: 'novo',
    views: 140,
  },
  {
    seller: 'joao_dev',
    subcategory: 'Aulas particulares',
    title: 'Aulas de Cálculo I e II',
    description: 'Monitoria individual ou em dupla, com listas resolvidas e simulados antes das provas.',
    price: 40,
    condition: 'novo',
    views: 410,
  },
  {
    seller: 'joao_dev',
    subcategory: 'Programação',
    title: 'Site para TCC, portfólio ou evento',
    description:
      'Desenvolvimento de páginas rápidas e responsivas, com hospedagem orientada e código entregue.',
    price: 300,
    condition: 'novo',
    views: 95,
  },
  {
    seller: 'lu_fotografa',
    subcategory: 'Fotografia',
    title: 'Ensaio fotográfico de formatura',
    description:
      'Uma hora de ensaio no campus ou no centro de Joinville, com 30 fotos tratadas em alta resolução.',
    price: 180,
    condition: 'novo',
    views: 260,
  },
  {
    seller: 'pedro_calc',
    subcategory: 'Eletrônicos',
    title: 'Calculadora científica HP 50g',
    description: 'Funcionando perfeitamente, com capa e manual. Ideal para as disciplinas de engenharia.',
    price: 350,
    condition: 'seminovo',
    views: 88,
  },
  {
    seller: 'pedro_calc',
    subcategory: 'Materiais de curso',
    title: 'Jaleco branco tamanho M',
    description: 'Usado em um semestre de laboratório, lavado e sem manchas. Retirada no bloco C.',
    price: 45,
    condition: 'usado',
    views: 40,
  },
  {
    seller: 'bia_letras',
    subcategory: 'Livros e apostilas',
    title: 'Livro Cálculo Volume 1 — James Stewart',
    description: 'Sétima edição, com poucas marcações a lápis. Ótimo estado de conservação.',
    price: 120,
    condition: 'seminovo',
    views: 150,
  },
  {
    seller: 'bia_letras',
    subcategory: 'Revisão e formatação',
    title: 'Revisão de texto e normas ABNT',
    description: 'Revisão ortográfica, gramatical e formatação completa de trabalhos acadêmicos e TCC.',
    price: 60,
    condition: 'novo',
    views: 120,
  },
  {
    seller: 'bia_letras',
    subcategory: 'Móveis e casa',
    title: 'Café da manhã: kit de canecas artesanais',
    description: 'Quatro canecas de cerâmica pintadas à mão, perfeitas para a república. Sem lascas.',
    price: 70,
    condition: 'usado',
    views: 60,
  },
]

const EVENTS = [
  {
    organizer: 'joao_dev',
    title: 'Hackathon de Inovação no Campus',
    description:
      'Vinte e quatro horas de programação, mentoria e prêmios para as melhores ideias de estudantes.',
    daysAhead: 12,
    time: '09:00',
    location: 'Bloco A, laboratórios de informática',
    maxParticipants: 60,
    palette: ['#0b5fa5', '#22d3ee'] as [string, string],
  },
  {
    organizer: 'lu_fotografa',
    title: 'Feira de Criações dos Estudantes',
    description:
      'Exposição e venda de arte, artesanato e projetos autorais feitos por quem estuda na Univille.',
    daysAhead: 20,
    time: '14:00',
    location: 'Pátio central da Univille',
    maxParticipants: null,
    palette: ['#7c3aed', '#f472b6'] as [string, string],
  },
]

const PALETTES: Record<string, [string, string]> = {
  criacoes: ['#7c3aed', '#f472b6'],
  servicos: ['#0b5fa5', '#22d3ee'],
  desapegos: ['#15803d', '#facc15'],
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** A generated photo: the category's gradient with the listing's title, so demo cards look alive. */
function demoPicture(
  title: string,
  palette: [string, string],
  variant: number,
  width = 1200,
  height = 900,
): Buffer {
  const [from, to] = variant % 2 === 0 ? palette : [palette[1], palette[0]]
  const words = title.split(' ')
  const lines = [words.slice(0, 3).join(' '), words.slice(3, 6).join(' '), words.slice(6).join(' ')].filter(
    Boolean,
  )
  const text = lines
    .map(
      (line, index) =>
        `<text x="80" y="${height / 2 - 40 + index * 80}" font-size="64" font-family="DejaVu Sans, sans-serif" font-weight="bold" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('')
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width - 180}" cy="180" r="${90 + variant * 30}" fill="#ffffff" fill-opacity="0.18"/>${text}</svg>`,
  )
}

/** SVG is refused by the upload pipeline on purpose, so the seed rasterises to PNG first. */
async function png(svg: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp')
  return sharp(svg).png().toBuffer()
}

/** A picture stored as an upload of `kind` and attached to its owner's event or banner: its id and URL. */
async function attachedPicture(
  db: ReturnType<typeof openDatabase>,
  storage: ImageStorage,
  ownerId: number,
  kind: 'event' | 'banner',
  svg: Buffer,
): Promise<{ id: string; url: string }> {
  const image = await storeImage({ db, storage }, ownerId, kind, await png(svg))
  const [attached] = attachUploads(db, storage, ownerId, [image.id], kind)
  return { id: image.id, url: attached?.fullUrl ?? image.fullUrl }
}

async function main() {
  const env = loadEnv()
  const db = openDatabase(join(resolve(env.DATA_DIR), 'vupt.sqlite'))
  const storage = createLocalImageStorage(join(resolve(env.DATA_DIR), 'uploads'))
  runMigrations(db, resolve('drizzle'))
  await seedBase(db)
  seedCalendars(db)
  const community = db.select().from(communities).where(eq(communities.slug, 'univille')).get()
  if (!community) throw new Error('Comunidade univille não encontrada')

  const userIds = new Map<string, number>()
  for (const student of STUDENTS) {
    const email = `${student.username.replace('_', '.')}@${community.emailDomain}`
    const existing = await findUserByEmail(db, email)
    const id =
      existing?.id ??
      (
        await createStudent(db, {
          email,
          password: DEMO_PASSWORD,
          fullName: student.fullName,
          username: student.username,
          course: student.course,
          matricula: String(20230000 + userIds.size),
          member: true,
        })
      ).id
    userIds.set(student.username, id)
  }

  // The example list, and the students' written courses tied to it.
  const hasList = rowWhere(db, courses, 'communityId', community.id, ['id'])
  if (!hasList) {
    for (const course of EXAMPLE_COURSES) {
      const { id } = createCourseWithDisciplines(db, community.id, course.name, course.disciplines)
      db.update(courses).set({ example: true }).where(eq(courses.id, id)).run()
    }
  }
  matchLegacyCourses(db, community.id)

  let createdListings = 0
  for (const listing of LISTINGS) {
    const sellerId = userIds.get(listing.seller)
    const sub = db
      .select({ id: subcategories.id, mainCategoryId: subcategories.mainCategoryId })
      .from(subcategories)
      .innerJoin(mainCategories, eq(mainCategories.id, subcategories.mainCategoryId))
      .where(eq(subcategories.name, listing.subcategory))
      .get()
    if (!sellerId || !sub) continue
    const exists = db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.sellerId, sellerId), eq(listings.title, listing.title)))
      .get()
    if (exists) continue
    const main = rowWhere(db, mainCategories, 'id', sub.mainCategoryId, ['slug'])
    const palette = PALETTES[main?.slug ?? 'criacoes'] ?? ['#0b5fa5', '#f59e0b']
    const stored = []
    for (const variant of [0, 1]) {
      stored.push(
        await storeImage(
          { db, storage },
          sellerId,
          'listing',
          await png(demoPicture(listing.title, palette, variant)),
        ),
      )
    }
    createListing(
      db,
      {
        sellerId,
        title: listing.title,
        description: listing.description,
        priceCents: Math.round(listing.price * 100),
        subcategoryId: sub.id,
        condition: listing.condition,
        views: listing.views,
        imageIds: stored.map((image) => image.id),
      },
      storage,
    )
    createdListings++
  }

  let createdEvents = 0
  for (const event of EVENTS) {
    const organizerId = userIds.get(event.organizer)
    if (!organizerId) continue
    const exists = db.select({ id: events.id }).from(events).where(eq(events.title, event.title)).get()
    if (exists) continue
    // A cover as an organizer sends it (16:9, larger than a phone's rendition).
    const cover = await attachedPicture(
      db,
      storage,
      organizerId,
      'event',
      demoPicture(event.title, event.palette, createdEvents, 1600, 900),
    )
    createEvent(db, {
      organizerId,
      title: event.title,
      description: event.description,
      daysAhead: event.daysAhead,
      eventTime: event.time,
      location: event.location,
      maxParticipants: event.maxParticipants,
      status: 'aprovado',
      cover: { url: cover.url, uploadId: cover.id },
    })
    createdEvents++
  }

  const createdBanners = await seedBanners(db, storage, community.id, [...userIds.values()][0])

  db.$client.close()
  process.stdout.write(
    `Demo pronta: ${STUDENTS.length} estudantes (senha ${DEMO_PASSWORD}), ${createdListings} anúncios, ${createdEvents} eventos e ${createdBanners} banners novos.\n`,
  )
}

async function seedBanners(
  db: ReturnType<typeof openDatabase>,
  storage: ImageStorage,
  communityId: number,
  ownerId: number | undefined,
): Promise<number> {
  if (!ownerId) return 0
  const banners = [
    {
      placement: 'hero_banner' as const,
      title: 'Semana de Desapegos da Univille',
      description: 'Livros, jalecos e eletrônicos com preço de estudante. Anuncie os seus!',
      palette: ['#0b5fa5', '#f59e0b'] as [string, string],
    },
    {
      placement: 'between_products' as const,
      title: 'Feira de Criações no pátio central',
      description: 'Arte e artesanato de quem estuda aqui, todo último sábado do mês.',
      palette: ['#7c3aed', '#f472b6'] as [string, string],
    },
  ]
  let created = 0
  for (const banner of banners) {
    const exists = rowWhere(db, advertisements, 'title', banner.title, ['id'])
    if (exists) continue
    const image = await attachedPicture(
      db,
      storage,
      ownerId,
      'banner',
      demoPicture('', banner.palette, 0, 1920, 600),
    )
    db.insert(advertisements)
      .values({
        communityId,
        title: banner.title,
        description: banner.description,
        imageUrl: image.url,
        imageUploadId: image.id,
        placement: banner.placement,
        displayOrder: 0,
      })
      .run()
    created++
  }
  return created
}

await main()
