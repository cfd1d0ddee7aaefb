import { describe, expect, it } from 'vitest'
import { dayFromNow } from '../support/dates'
import { setUpMembers, signIn } from './support/accounts'
import { setUpStage } from './support/stage'

const stage = setUpStage()
const members = setUpMembers(stage, {
  organizer: 'Lia Ferreira',
  moderator: ['Caio Moderador', { roles: ['user', 'moderator'] }],
  guest: 'Rafa Souza',
})

describe('eventos do campus', () => {
  it('criar → aguardando aprovação → moderador aprova → aparece em Próximos → presença conta → calendário baixa', async () => {
    const title = 'Sarau de Poesia no Bloco C'
    const { context: organizerContext, page } = await stage.signedInPage(members.organizer)

    await page.goto('/univille/criar-evento')
    await page.getByLabel('Título').fill(title)
    await page
      .getByLabel('Descrição')
      .fill('Uma noite de leituras abertas, violão e café para toda a comunidade.')
    await page.getByLabel('Data').fill(dayFromNow(7))
    await page.getByLabel('Horário').fill('19:30')
    await page.getByLabel('Local').fill('Bloco C, sala 101')
    await page.getByLabel('Máximo de participantes').fill('30')
    await page.getByRole('button', { name: 'Criar evento' }).click()
    await page.getByText('Evento criado! Aguarde aprovação do administrador 🎉').waitFor()
    await page.waitForURL(/\/evento\/\d+$/)
    const eventPath = new URL(page.url()).pathname
    await page.getByText('Aguardando aprovação').first().waitFor()

    // Not public yet.
    const guestContext = await stage.phoneContext()
    const guestPage = await guestContext.newPage()
    await guestPage.goto('/univille/eventos')
    await guestPage.getByText('Nenhum evento encontrado').waitFor()

    // A moderator approves it.
    const { context: moderatorContext, page: moderatorPage } = await stage.signedInPage(members.moderator, {
      device: 'desktop',
    })
    await moderatorPage.goto('/univille/admin/eventos')
    await moderatorPage.getByRole('button', { name: `Aprovar evento ${title}` }).click()
    await moderatorPage.getByText('Evento aprovado com sucesso!').waitFor()
    await moderatorContext.close()

    // It shows under Próximos; another student joins.
    await guestPage.goto('/univille/auth')
    await signIn(guestPage, members.guest.email, members.guest.password)
    await guestPage.goto('/univille/eventos')
    await guestPage
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click()
    await guestPage.waitForURL(`${stage.server.url}${eventPath}`)
    await guestPage.getByText('Máximo de 30 participantes').waitFor()
    await guestPage.getByText('0 confirmados').first().waitFor()
    await guestPage.getByRole('button', { name: 'Vou participar' }).click()
    await guestPage.getByText('1 confirmado', { exact: true }).first().waitFor()
    await guestPage.getByRole('button', { name: 'Cancelar presença' }).waitFor()

    // The calendar file is a valid iCalendar event at 19:30 in São Paulo (22:30 UTC).
    const [download] = await Promise.all([
      guestPage.waitForEvent('download'),
      guestPage.getByRole('link', { name: 'Adicionar ao calendário' }).click(),
    ])
    const stream = await download.createReadStream()
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    const ics = Buffer.concat(chunks).toString('utf8')
    expect(ics).toContain('BEGIN:VCALENDAR')
    expect(ics).toContain(`SUMMARY:${title}`)
    expect(ics).toContain(`DTSTART:${dayFromNow(7).replace(/-/g, '')}T223000Z`)

    // The page's link preview is in the HTML the server returns.
    const html = await (await fetch(`${stage.server.url}${eventPath}`)).text()
    expect(html).toContain(`<meta property="og:title" content="${title}">`)

    await guestContext.close()
    await organizerContext.close()
  })
})
