import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { createListing } from '../../server/db/factories'
import {
  communities,
  integrityRuleSeeds,
  integrityRules,
  listings,
  moderationLog,
  reports,
  wantedPosts,
} from '../../server/db/schema'
import { DEFAULT_INTEGRITY_RULES } from '../../server/integrity/default-rules'
import { seedIntegrityRules } from '../../server/integrity/rules'
import type { WantedInput } from '../../shared/schemas/wanted'
import { expectAppError, expectTRPCError, expectValidationMessage } from '../support/assertions'
import { firstSubcategoryOf, sellFormInput } from '../support/listings'
import {
  callerFor,
  communityBySlug,
  createAdmin,
  createMember,
  createUdescModerator,
  setUpTestWorld,
  type TestMember,
} from '../support/test-app'

const world = setUpTestWorld()

let seller: TestMember
let moderator: TestMember

beforeEach(async () => {
  seller = await createMember(world)
  moderator = await createMember(world, { roles: ['user', 'moderator'] })
})

const adminCaller = async () => callerFor(world.services, { userId: (await createAdmin(world.db)).id }).caller

const publish = (title: string, description = 'Atendimento no campus, combine pelo chat.') =>
  seller.caller.listings.create(
    sellFormInput(world.db, seller.id, { title, description, ...firstSubcategoryOf(world.db, 'servicos') }),
  )

const wanted = (overrides: Partial<WantedInput> = {}): WantedInput => ({
  title: 'Calculadora científica',
  mainCategoryId: firstSubcategoryOf(world.db, 'desapegos').mainCategoryId,
  days: 14,
  ...overrides,
})

const openIntegrityReports = () =>
  world.db
    .select({ targetType: reports.targetType, targetId: reports.targetId, details: reports.details })
    .from(reports)
    .where(eq(reports.reason, 'integrity'))
    .all()

const univilleRules = () =>
  world.db
    .select({ phrase: integrityRules.phrase, action: integrityRules.action })
    .from(integrityRules)
    .where(eq(integrityRules.communityId, communityBySlug(world.db, 'univille').id))
    .all()

describe('integridade acadêmica: anúncios', () => {
  it.each([
    ['Faço seu TCC', 'Qualquer curso, entrega rápida.'],
    ['FAÇO SEU T.C.C.', 'Com sigilo.'],
    ['faco   seu    tcc', 'Com sigilo.'],
    ['Trabalhos prontos', 'De todas as disciplinas.'],
    ['Resolvo sua prova', 'Online, durante o horário da prova.'],
    ['Gabarito da P2 de Cálculo', 'Com a resolução.'],
    ['Assino lista de presença', 'R$ 10 por aula.'],
    ['Serviços acadêmicos', 'Faço seus trabalhos da faculdade com garantia.'],
  ])('recusa "%s" com o motivo e não grava nada', async (title, description) => {
    const error = await expectAppError(publish(title, description), 'INTEGRITY_REFUSED', 'BAD_REQUEST')
    expect(error.message).toMatch(/integridade acadêmica/)
    expect(world.db.select().from(listings).all()).toHaveLength(0)
    expect(openIntegrityReports()).toEqual([])
  })

  it.each(['Aulas particulares de Cálculo', 'Revisão de texto'])(
    'publica "%s" e envia à moderação com a regra que combinou',
    async (title) => {
      const { id } = await publish(title)
      expect(world.db.select({ id: listings.id }).from(listings).all()).toEqual([{ id }])
      const [report] = openIntegrityReports()
      expect(report).toMatchObject({ targetType: 'listing', targetId: id })
      expect(report?.details).toMatch(/^Regra “.+” \(publicar e enviar à moderação\): Aulas, monitoria/)
      // The moderators find it in Denúncias, with no reporter.
      const [group] = await moderator.caller.admin.reports.queue()
      expect(group).toMatchObject({ targetType: 'listing', targetId: id, person: { userId: seller.id } })
      expect(group?.reports).toEqual([expect.objectContaining({ reason: 'integrity', reporter: null })])
    },
  )

  it('publica "Vendo livro de TCC usado" sem recusar nem enviar à moderação', async () => {
    await publish('Vendo livro de TCC usado', 'Metodologia científica, poucas marcações.')
    expect(world.db.select().from(listings).all()).toHaveLength(1)
    expect(openIntegrityReports()).toEqual([])
  })

  it('editar aplica as regras de novo: recusa sem mudar nada, e uma segunda revisão não duplica a fila', async () => {
    const { id } = await publish('Livro de Cálculo', 'Stewart, sétima edição.')
    const input = (title: string) =>
      sellFormInput(world.db, seller.id, {
        title,
        description: 'Combine pelo chat.',
        ...firstSubcategoryOf(world.db, 'servicos'),
      })
    await expectAppError(
      seller.caller.listings.update({ id, ...input('Faço sua prova online') }),
      'INTEGRITY_REFUSED',
    )
    expect(world.db.select({ title: listings.title }).from(listings).all()).toEqual([
      { title: 'Livro de Cálculo' },
    ])
    await seller.caller.listings.update({ id, ...input('Aulas particulares de Física') })
    await seller.caller.listings.update({ id, ...input('Aulas particulares de Física e Química') })
    expect(openIntegrityReports()).toHaveLength(1)
  })
})

describe('integridade acadêmica: pedidos do Procura-se', () => {
  it('recusa um pedido proibido, no título ou nos detalhes, e na edição', async () => {
    const poster = await createMember(world)
    await expectAppError(
      poster.caller.wanted.create(wanted({ title: 'Alguém que faça meu TCC' })),
      'INTEGRITY_REFUSED',
    )
    await expectAppError(
      poster.caller.wanted.create(
        wanted({ title: 'Ajuda urgente', details: 'Quem resolve minha prova de Cálculo?' }),
      ),
      'INTEGRITY_REFUSED',
    )
    expect(world.db.select().from(wantedPosts).all()).toHaveLength(0)
    const { id } = await poster.caller.wanted.create(wanted())
    await expectAppError(
      poster.caller.wanted.update({ id, ...wanted({ title: 'Respostas da prova de Anatomia' }) }),
      'INTEGRITY_REFUSED',
    )
    expect(world.db.select({ title: wantedPosts.title }).from(wantedPosts).all()).toEqual([
      { title: 'Calculadora científica' },
    ])
  })

  it('publica um pedido limítrofe e o envia à moderação', async () => {
    const poster = await createMember(world)
    const { id } = await poster.caller.wanted.create(wanted({ title: 'Aulas particulares de Cálculo I' }))
    expect(openIntegrityReports()).toEqual([expect.objectContaining({ targetType: 'wanted', targetId: id })])
    expect((await seller.caller.wanted.board()).items.map((item) => item.id)).toEqual([id])
  })
})

describe('integridade acadêmica: as regras de cada comunidade', () => {
  it('cada comunidade recebe as regras padrão uma vez; uma regra excluída não volta', async () => {
    expect(univilleRules()).toHaveLength(DEFAULT_INTEGRITY_RULES.length)
    const admin = await adminCaller()
    const [first] = await admin.admin.integrity.list()
    await admin.admin.integrity.delete({ id: first?.id ?? 0 })
    seedIntegrityRules(world.db)
    expect(univilleRules()).toHaveLength(DEFAULT_INTEGRITY_RULES.length - 1)
    const seeded = world.db.select({ id: integrityRuleSeeds.communityId }).from(integrityRuleSeeds).all()
    expect(seeded).toHaveLength(world.db.select().from(communities).all().length)
  })

  it('o administrador cria uma regra (normalizada), que passa a recusar, e tudo fica no registro', async () => {
    const admin = await adminCaller()
    const rule = await admin.admin.integrity.create({
      phrase: 'Vendo   RESUMÃO pronto',
      action: 'refuse',
      reason: 'Resumos prontos de provas não são permitidos nesta comunidade.',
    })
    expect(rule.phrase).toBe('vendo resumao pronto')
    const error = await expectAppError(publish('Vendo resumão pronto de Anatomia'), 'INTEGRITY_REFUSED')
    expect(error.message).toBe('Resumos prontos de provas não são permitidos nesta comunidade.')
    await admin.admin.integrity.update({
      id: rule.id,
      phrase: rule.phrase,
      action: 'review',
      reason: rule.reason,
    })
    await publish('Vendo resumão pronto de Anatomia')
    await admin.admin.integrity.delete({ id: rule.id })
    expect(
      world.db
        .select({ action: moderationLog.actionType })
        .from(moderationLog)
        .all()
        .map((row) => row.action),
    ).toEqual(['create_integrity_rule', 'update_integrity_rule', 'delete_integrity_rule'])
  })

  it.each([
    ['*', 'Escreva ao menos uma palavra'],
    ['* tcc', 'Um * sozinho só pode ficar entre duas palavras'],
    ['de da', 'A frase precisa de uma palavra com 3 letras ou mais'],
    ['faço * * tcc', 'Use um * sozinho por vez'],
    ['x'.repeat(301), 'Frase muito longa (máximo de 300 caracteres)'],
  ])('recusa a frase %j com "%s"', async (phrase, message) => {
    const admin = await adminCaller()
    await expectValidationMessage(
      admin.admin.integrity.create({ phrase, action: 'refuse', reason: 'Um motivo claro o bastante.' }),
      message,
    )
  })

  it('não repete frase, não mexe em regra de outra comunidade e só administradores editam', async () => {
    const admin = await adminCaller()
    await expectAppError(
      admin.admin.integrity.create({
        phrase: 'Monitoria|monitorias',
        action: 'review',
        reason: 'Já existe esta regra.',
      }),
      'INTEGRITY_RULE_TAKEN',
      'CONFLICT',
    )
    const udesc = await createUdescModerator(world)
    seedIntegrityRules(world.db)
    const udescAdmin = callerFor(world.services, {
      userId: (await createAdmin(world.db, { community: 'udesc' })).id,
    }).caller
    const [theirs] = await udescAdmin.admin.integrity.list()
    await expectAppError(
      admin.admin.integrity.delete({ id: theirs?.id ?? 0 }),
      'INTEGRITY_RULE_NOT_FOUND',
      'NOT_FOUND',
    )
    await expectTRPCError(udesc.caller.admin.integrity.list(), 'FORBIDDEN')
    await expectTRPCError(
      moderator.caller.admin.integrity.create({
        phrase: 'abc',
        action: 'refuse',
        reason: 'Motivo suficiente.',
      }),
      'FORBIDDEN',
    )
    await expectTRPCError(seller.caller.admin.integrity.preview({ phrase: 'tcc' }), 'FORBIDDEN')
  })

  it('a prévia mostra os anúncios no ar que a frase pegaria, só da comunidade', async () => {
    const admin = await adminCaller()
    const caught = createListing(world.db, {
      sellerId: seller.id,
      title: 'Resumão de Anatomia',
      description: 'Feito à mão.',
    })
    createListing(world.db, {
      sellerId: seller.id,
      title: 'Jaleco branco',
      description: 'Tamanho M, resumao em PDF de brinde.',
    })
    const paused = createListing(world.db, { sellerId: seller.id, title: 'Resumão de Fisiologia' })
    world.db.update(listings).set({ status: 'inativo' }).where(eq(listings.id, paused)).run()
    const preview = await admin.admin.integrity.preview({ phrase: 'Resumão de*' })
    expect(preview).toMatchObject({ phrase: 'resumao de*', total: 1, partial: false })
    expect(preview.listings.map((listing) => listing.id)).toEqual([caught])
  })
})
