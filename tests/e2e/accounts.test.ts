import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signIn } from './support/accounts'
import { ADMIN, lastMailLink } from './support/server'
import { setUpStage } from './support/stage'

const stage = setUpStage()

async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
}

describe('conta de estudante', () => {
  it('cadastro → confirmação por e-mail → aprovação ao vivo → perfil completo → sair → entrar e voltar à página de origem', async () => {
    const student = { email: 'ana.souza@univille.br', password: 'segredo-forte', username: 'ana_souza' }
    const studentContext = await stage.phoneContext()
    const page = await studentContext.newPage()

    // A visitor reading the FAQ decides to join.
    await page.goto('/univille/faq')
    await page.getByRole('link', { name: 'Entrar / Criar Conta' }).click()
    await page.getByRole('tab', { name: 'Criar Conta' }).click()

    // The institutional-domain rule is checked before anything is sent.
    await page.getByLabel('Email institucional').fill('ana@gmail.com')
    await page.getByRole('button', { name: 'Criar Conta' }).click()
    await expect
      .poll(() => page.getByText('Use seu email institucional @univille.br').first().isVisible())
      .toBe(true)

    await page.getByLabel('Email institucional').fill(student.email)
    await page.getByLabel('Username').fill(student.username)
    await page.getByLabel('Nome completo').fill('Ana Souza')
    await page.getByLabel('Curso').fill('Engenharia de Software')
    await page.getByLabel('Matrícula').fill('20231234')
    await page.getByLabel('Senha').fill(student.password)
    await page.getByRole('button', { name: 'Criar Conta' }).click()

    await page.getByRole('heading', { name: 'Sua conta está aguardando aprovação!' }).waitFor()
    await page.getByText(`Confirme seu e-mail: enviamos um link para ${student.email}.`).waitFor()

    // The verification link from the mail, opened in another tab of the same browser.
    const verification = await studentContext.newPage()
    await verification.goto(lastMailLink(stage.server.dataDir, student.email))
    // The link is answered with the password chosen at sign-up: mailbox and sign-up are one person.
    await verification.getByLabel('Senha do cadastro').fill(student.password)
    await verification.getByRole('button', { name: 'Confirmar e-mail' }).click()
    await verification.getByRole('heading', { name: 'E-mail confirmado!' }).waitFor()
    await verification.close()
    // The waiting tab learns of it live.
    await page.getByText(`E-mail ${student.email} confirmado.`).waitFor()

    // Marks this document: if the page reloaded, the mark would be gone.
    await page.evaluate(() => {
      ;(window as unknown as { vuptMark: number }).vuptMark = 42
    })

    // An administrator approves the account from another browser.
    const { context: adminContext, page: admin } = await stage.adminPage()
    await admin.goto('/univille/admin/aprovacoes')
    await admin.getByRole('button', { name: 'Aprovar Ana Souza' }).click()
    await admin.getByText('Usuário aprovado com sucesso!').waitFor()
    await adminContext.close()

    // The waiting page turns into the app, without a reload, and asks for the missing profile data.
    const dialog = page.getByRole('dialog', { name: 'Complete seu perfil' })
    await dialog.waitFor()
    expect(await page.evaluate(() => (window as unknown as { vuptMark?: number }).vuptMark)).toBe(42)
    expect(await dialog.getByLabel('Username').inputValue()).toBe(student.username)

    // The dialog cannot be dismissed.
    await page.keyboard.press('Escape')
    expect(await dialog.isVisible()).toBe(true)

    await dialog.getByLabel('Universidade').fill('Univille')
    await dialog.getByRole('button', { name: 'Completar Perfil' }).click()
    await page.getByText('Perfil completo! 🎉').waitFor()
    await dialog.waitFor({ state: 'detached' })

    // Sign out from the account menu.
    await page.getByRole('button', { name: 'Menu da conta' }).click()
    await page.getByRole('menuitem', { name: 'Sair' }).click()
    await page.getByRole('link', { name: 'Entrar / Criar Conta' }).waitFor()

    // Signing in again brings the student back to the page they came from.
    await page.goto('/univille/sobre')
    await page.getByRole('link', { name: 'Entrar / Criar Conta' }).click()
    await page.waitForURL(/\/univille\/auth/)
    await signIn(page, student.email, student.password)
    await page.waitForURL(`${stage.server.url}/univille/sobre`)
    await page.getByRole('button', { name: 'Menu da conta' }).waitFor()

    await studentContext.close()
  })

  it('quem recebe o link de um cadastro que não fez fica com a conta, e quem se cadastrou perde o acesso', async () => {
    const victim = 'bruna.lima@univille.br'
    // Someone signs up with Bruna's address, in their own browser.
    const squatterContext = await stage.phoneContext()
    const squatter = await squatterContext.newPage()
    await squatter.goto('/univille/auth?aba=criar-conta')
    await squatter.getByRole('tab', { name: 'Criar Conta' }).click()
    await squatter.getByLabel('Email institucional').fill(victim)
    await squatter.getByLabel('Username').fill('bruna_lima')
    await squatter.getByLabel('Nome completo').fill('Bruna Lima')
    await squatter.getByLabel('Curso').fill('Direito')
    await squatter.getByLabel('Matrícula').fill('20235555')
    await squatter.getByLabel('Senha').fill('senha-do-intruso')
    await squatter.getByRole('button', { name: 'Criar Conta' }).click()
    await squatter.getByRole('heading', { name: 'Sua conta está aguardando aprovação!' }).waitFor()

    // Bruna opens the link from her inbox on her phone and says the account is not hers.
    const bruna = await stage.phoneContext()
    const page = await bruna.newPage()
    await page.goto(lastMailLink(stage.server.dataDir, victim))
    await page.getByRole('button', { name: 'Não criei esta conta' }).click()
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-da-bruna')
    await page.getByLabel('Confirme a nova senha').fill('senha-da-bruna')
    await page.getByRole('button', { name: 'Ficar com a conta' }).click()
    await page.getByRole('heading', { name: 'E-mail confirmado!' }).waitFor()
    await page.getByText('A conta deste e-mail agora é sua').waitFor()

    // The squatter's browser is signed out.
    await squatter.goto('/univille/faq')
    await squatter.getByRole('link', { name: 'Entrar / Criar Conta' }).waitFor()
    await squatter.goto('/auth')
    await submitSignIn(squatter, victim, 'senha-do-intruso')
    await squatter.getByText('Credenciais inválidas').waitFor()
    await squatterContext.close()

    // Bruna is signed in and waits for an administrator; later she signs in with her own password.
    await page.goto('/')
    await page.getByText(`E-mail ${victim} confirmado.`).waitFor()
    // The sign-out's answer comes before the next navigation, which would cancel it.
    const signedOut = page.waitForResponse((response) => response.url().includes('/api/trpc/auth.signOut'))
    await page.getByRole('button', { name: 'Sair' }).click()
    await signedOut
    await page.goto('/univille/faq')
    await page.getByRole('link', { name: 'Entrar / Criar Conta' }).waitFor()
    await page.goto('/auth')
    await submitSignIn(page, victim, 'senha-da-bruna')
    await page.getByRole('heading', { name: 'Sua conta está aguardando aprovação!' }).waitFor()
    await bruna.close()
  })

  it('recusa credenciais inválidas com a mensagem da especificação', async () => {
    const context = await stage.phoneContext()
    const page = await context.newPage()
    await page.goto('/auth')
    await submitSignIn(page, ADMIN.email, 'senha-errada')
    await page.getByText('Credenciais inválidas').waitFor()
    await page.getByText('Email ou senha incorretos.').waitFor()
    expect(page.url()).toBe(`${stage.server.url}/auth`)
    await context.close()
  })

  it('responde 404 a caminhos desconhecidos e mostra a página de não encontrado', async () => {
    const response = await fetch(`${stage.server.url}/univille/nao-existe`)
    expect(response.status).toBe(404)
    const context = await stage.phoneContext()
    const page = await context.newPage()
    await page.goto('/univille/nao-existe')
    await page.getByText('Oops! Page not found').waitFor()
    await context.close()
  })
})
