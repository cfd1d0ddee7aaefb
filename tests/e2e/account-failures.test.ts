import type { Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { createMemberOnServer } from './support/accounts'
import { withServerDatabase } from './support/database'
import { setUpStage } from './support/stage'

const stage = setUpStage()

/**
 * Makes the running server's next write to `table` fail as a broken database would: the procedure
 * throws something that is no deliberate refusal, and the client gets the generic failure with a
 * request id.
 */
function breakWrites(table: 'users' | 'sessions' | 'profiles', on: 'INSERT' | 'UPDATE') {
  return withServerDatabase(stage.server.dataDir, (db) => {
    db.$client.exec(
      `CREATE TRIGGER broken_${table} BEFORE ${on} ON ${table} BEGIN SELECT RAISE(ABORT, 'disco cheio'); END`,
    )
  })
}

afterEach(async () => {
  await withServerDatabase(stage.server.dataDir, (db) => {
    for (const table of ['users', 'sessions', 'profiles'])
      db.$client.exec(`DROP TRIGGER IF EXISTS broken_${table}`)
  })
})

/** The error toast says the spec's words, with the request code beside them, and nothing generic. */
async function expectTryLater(page: Page, title: string) {
  const toast = page.getByRole('listitem').filter({ hasText: title })
  await toast.getByText(/^Tente novamente mais tarde\. Código: [\w-]+$/).waitFor()
  expect(await page.getByText('Tente novamente em instantes', { exact: false }).count()).toBe(0)
}

describe('uma falha inesperada nos formulários da conta', () => {
  it('no cadastro diz "Tente novamente mais tarde."', async () => {
    const context = await stage.phoneContext()
    const page = await context.newPage()
    await page.goto('/univille/auth')
    await page.getByRole('tab', { name: 'Criar Conta' }).click()
    await page.getByLabel('Email institucional').fill('caio.reis@univille.br')
    await page.getByLabel('Username').fill('caio_reis')
    await page.getByLabel('Nome completo').fill('Caio Reis')
    await page.getByLabel('Curso').fill('Direito')
    await page.getByLabel('Matrícula').fill('20231234')
    await page.getByLabel('Senha').fill('segredo-forte')
    await breakWrites('users', 'INSERT')
    await page.getByRole('button', { name: 'Criar Conta' }).click()
    await expectTryLater(page, 'Erro ao criar conta')
    await context.close()
  })

  it('no login diz "Tente novamente mais tarde."', async () => {
    const student = await createMemberOnServer(stage.server.dataDir, 'Lia Prado')
    const context = await stage.phoneContext()
    const page = await context.newPage()
    await page.goto('/univille/auth')
    await page.getByLabel('Email').fill(student.email)
    await page.getByLabel('Senha').fill(student.password)
    await breakWrites('sessions', 'INSERT')
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await expectTryLater(page, 'Erro ao fazer login')
    await context.close()
  })

  it('ao completar o perfil diz "Tente novamente mais tarde."', async () => {
    // Approved without a university, as a sign-up is: the app asks for it before anything else.
    const student = await withServerDatabase(stage.server.dataDir, (db) =>
      createStudent(db, { approved: true, emailVerified: true, password: 'senha-e2e-123' }),
    )
    const { context, page } = await stage.signedInPage(student)
    const dialog = page.getByRole('dialog', { name: 'Complete seu perfil' })
    await dialog.getByLabel('Universidade').fill('Univille')
    await breakWrites('profiles', 'UPDATE')
    await dialog.getByRole('button', { name: 'Completar Perfil' }).click()
    await expectTryLater(page, 'Erro ao atualizar perfil')
    await context.close()
  })
})
