import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import { createSession } from '../../server/people/auth/session'
import { createMemberOnServer } from './support/accounts'
import { withServerDatabase } from './support/database'
import { lastMailLink } from './support/server'
import { setUpStage } from './support/stage'
import { Api } from './support/writers'

const stage = setUpStage()

const emailOf = (userId: number) =>
  withServerDatabase(
    stage.server.dataDir,
    async (db) => db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get()?.email,
  )

describe('troca de e-mail', () => {
  it('o link do novo endereço, aberto em outro navegador, troca o e-mail só com a senha da conta', async () => {
    const member = await createMemberOnServer(stage.server.dataDir, 'Bruna Troca')
    const token = await withServerDatabase(
      stage.server.dataDir,
      async (db) => createSession(db, member.id).token,
    )
    // The member asks for the change from Minha Conta (signed in, password just proven).
    await new Api(stage.server.url, token).mutation('account.requestEmailChange', {
      newEmail: 'bruna.nova@univille.br',
    })

    // The new mailbox is read on another device, not signed in to the Vupt.
    const link = lastMailLink(stage.server.dataDir, 'bruna.nova@univille.br')
    expect(new URL(link).pathname).toBe('/univille/confirmar-email')
    const context = await stage.phoneContext()
    try {
      const page = await context.newPage()
      await page.goto(link)
      await page.getByRole('heading', { name: 'Confirme seu novo e-mail' }).waitFor()

      await page.getByLabel('Senha da conta').fill('senha-errada')
      await page.getByRole('button', { name: 'Confirmar novo e-mail' }).click()
      await page.getByText('A senha atual não confere.').waitFor()
      expect(await emailOf(member.id)).toBe(member.email)

      await page.getByLabel('Senha da conta').fill(member.password)
      await page.getByRole('button', { name: 'Confirmar novo e-mail' }).click()
      await page.getByRole('heading', { name: 'E-mail alterado!' }).waitFor()
      await page.getByText('A partir de agora, você entra no Vupt com bruna.nova@univille.br.').waitFor()
      expect(await emailOf(member.id)).toBe('bruna.nova@univille.br')
    } finally {
      await context.close()
    }
  })
})
