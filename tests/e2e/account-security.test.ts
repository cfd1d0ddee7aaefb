import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { users } from '../../server/db/schema'
import { createSecretBox, loadSecretKey } from '../../server/people/auth/secret-box'
import { currentTotpCode } from '../../server/people/auth/two-factor'
import { createMemberOnServer, type ServerMember } from './support/accounts'
import { setUpStage } from './support/stage'

const stage = setUpStage()
let student: ServerMember

/** The secret the server generated at enrolment, as the authenticator app would hold it. */
function enrolledKey(email: string): string {
  const db = openDatabase(join(stage.server.dataDir, 'vupt.sqlite'))
  try {
    const stored =
      db.select({ key: users.totpKey }).from(users).where(eq(users.email, email)).get()?.key ?? ''
    // Encrypted at rest with the key the server keeps in its data directory.
    return createSecretBox(loadSecretKey(stage.server.dataDir)).open(stored)
  } finally {
    db.$client.close()
  }
}

beforeAll(async () => {
  student = await createMemberOnServer(stage.server.dataDir, 'Dora Prado')
})

describe('segurança e privacidade', () => {
  it('ativa TOTP → sai → entra com o código → baixa os dados → exclui a conta → não entra mais', async () => {
    const { context, page } = await stage.signedInPage(student)

    // Enrol: QR code, then a code from the "app", then the recovery codes once.
    await page.goto('/univille/minha-conta/seguranca')
    await page.getByRole('button', { name: 'Ativar' }).click()
    await page.getByTestId('totp-secret').waitFor()
    const key = enrolledKey(student.email)
    expect(key).not.toBe('')
    await page.getByLabel('Código de 6 dígitos').fill(currentTotpCode(key))
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await page.getByLabel('Guardei meus códigos').check()
    await page.getByRole('button', { name: 'Concluir' }).click()

    // Sign out, then back in: the password is not enough any more.
    await page.getByRole('button', { name: 'Menu da conta' }).click()
    await page.getByRole('menuitem', { name: 'Sair' }).click()
    await page.getByRole('link', { name: 'Entrar / Criar Conta' }).waitFor()
    await page.goto('/univille/auth')
    await page.getByLabel('Email').fill(student.email)
    await page.getByLabel('Senha').fill(student.password)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    // The enrolment spent this step's code; the next step's code is accepted (clocks drift).
    await page.getByLabel('Código de verificação').fill(currentTotpCode(key, Date.now() + 30_000))
    await page.getByRole('button', { name: 'Verificar' }).click()
    await page.getByText('Login realizado! Vupt! 🎉').waitFor()

    // Export: a JSON file with the account's own data.
    await page.goto('/univille/minha-conta/seguranca')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar meus dados' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('meus-dados-vupt.json')
    const chunks: Buffer[] = []
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
    const exported = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { account: { email: string } }
    expect(exported.account.email).toBe(student.email)

    // Delete the account with the password.
    await page.getByRole('button', { name: 'Excluir minha conta' }).click()
    await page.getByLabel('Senha').fill(student.password)
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir minha conta' }).click()
    await page.getByText('Conta excluída').waitFor()

    // The account is gone: signing in fails.
    await page.goto('/univille/auth')
    await page.getByLabel('Email').fill(student.email)
    await page.getByLabel('Senha').fill(student.password)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.getByText('Credenciais inválidas').waitFor()

    await context.close()
  })
})
