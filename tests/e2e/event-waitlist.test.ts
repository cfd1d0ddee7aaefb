import { beforeAll, describe, expect, it } from 'vitest'
import { createEvent } from '../../server/db/factories'
import { setUpMembers } from './support/accounts'
import { withServerDatabase } from './support/database'
import { setUpStage } from './support/stage'

const stage = setUpStage()
const members = setUpMembers(stage, {
  organizer: 'Nina Organizadora',
  first: 'Davi Primeiro',
  second: 'Bia Segunda',
})
let eventId: number

beforeAll(async () => {
  eventId = await withServerDatabase(stage.server.dataDir, (db) =>
    createEvent(db, {
      organizerId: members.organizer.id,
      title: 'Oficina de Robótica',
      status: 'aprovado',
      maxParticipants: 1,
    }),
  )
})

describe('lista de espera e check-in, no celular', () => {
  it('lotado → a segunda entra na lista → o primeiro cancela → ela ganha a vaga na hora → o organizador registra a entrada pelo código', async () => {
    const eventPath = `/univille/evento/${eventId}`
    const { page: firstPage } = await stage.signedInPage(members.first)
    await firstPage.goto(eventPath)
    await firstPage.getByRole('button', { name: 'Vou participar' }).click()
    await firstPage.getByText('Você confirmou presença').waitFor()

    // Full: the second member is offered the waitlist, and sees her place in it.
    const { page: secondPage } = await stage.signedInPage(members.second)
    await secondPage.goto(eventPath)
    await secondPage.getByText('Evento lotado').waitFor()
    await secondPage.getByRole('button', { name: 'Entrar na lista de espera' }).click()
    await secondPage.getByText('Você está na lista de espera: posição 1').waitFor()

    // The first cancels; the second's open page shows the place is hers, without reloading.
    await firstPage.getByRole('button', { name: 'Cancelar presença' }).click()
    await firstPage.getByRole('button', { name: 'Entrar na lista de espera' }).waitFor()
    await secondPage.getByText('Você confirmou presença').waitFor()

    // Her ticket in Meus eventos: the code, and the QR code in a dialog.
    await secondPage.goto('/univille/meus-eventos')
    const ticketLine = secondPage.getByText(/^Ingresso: /)
    await ticketLine.waitFor()
    const code = ((await ticketLine.textContent()) ?? '').replace('Ingresso: ', '').trim()
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/)
    await secondPage
      .getByRole('button', { name: 'Mostrar QR code do ingresso de Oficina de Robótica' })
      .click()
    await secondPage.getByRole('img', { name: `QR code do ingresso ${code}` }).waitFor()

    // The organizer, at the door on a phone, types the code: one present out of one confirmed.
    const { page: door } = await stage.signedInPage(members.organizer)
    await door.goto(eventPath)
    await door.getByRole('link', { name: 'Check-in' }).click()
    await door.waitForURL(`${stage.server.url}${eventPath}/check-in`)
    await door.getByText('0 de 1').waitFor()
    await door.getByLabel('Código do ingresso').fill(code.toLowerCase())
    await door.getByRole('button', { name: 'Registrar entrada' }).click()
    await door.getByText('Entrada registrada: Bia Segunda').waitFor()
    await door.getByText('1 de 1').waitFor()

    // The same code again is refused, and the count stays.
    await door.getByLabel('Código do ingresso').fill(code)
    await door.getByRole('button', { name: 'Registrar entrada' }).click()
    await door.getByText('Este ingresso já foi usado.').waitFor()
    await door.getByText('1 de 1').waitFor()

    // The roster shows who came in and exports the list.
    await door.goto(`${eventPath}/presencas`)
    await door.getByRole('heading', { name: 'Confirmados (1)' }).waitFor()
    await door.getByText('Presente', { exact: true }).waitFor()
    const [download] = await Promise.all([
      door.waitForEvent('download'),
      door.getByRole('button', { name: 'Exportar CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`presencas-evento-${eventId}.csv`)
  }, 120_000)
})
