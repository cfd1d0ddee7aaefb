import { beforeAll, describe, expect, it } from 'vitest'
import { rowWhere } from '../../server/db/rows'
import { communities, integrityRules } from '../../server/db/schema'
import { withServerDatabase } from './support/database'
import { setUpStage } from './support/stage'

const stage = setUpStage()
const phrase = 'vendo prova resolvida'

beforeAll(async () => {
  await withServerDatabase(stage.server.dataDir, (db) => {
    const univille = rowWhere(db, communities, 'slug', 'univille', ['id'])
    db.insert(integrityRules)
      .values({ communityId: univille?.id ?? 0, phrase, action: 'refuse', reason: 'Prova não se vende.' })
      .run()
  })
})

describe('listas do administrador', () => {
  it('edita e exclui uma regra de integridade pela confirmação, e a regra sai da lista', async () => {
    const { context, page } = await stage.adminPage()
    await page.goto('/univille/admin/integridade')
    const rules = page.getByRole('list', { name: 'Regras de integridade acadêmica' })
    await rules.getByText(phrase, { exact: true }).waitFor()

    // "Editar" opens the rule's form with what it says; Esc closes it without a change.
    await page.getByRole('button', { name: `Editar regra ${phrase}` }).click()
    const form = page.getByRole('dialog')
    expect(await form.getByLabel('Frase').inputValue()).toBe(phrase)
    await page.keyboard.press('Escape')
    await form.waitFor({ state: 'detached' })

    // "Excluir" asks first, naming the rule; confirming removes it and says so.
    await page.getByRole('button', { name: `Excluir regra ${phrase}` }).click()
    const question = page.getByRole('alertdialog', { name: 'Excluir esta regra?' })
    await question.getByText(`“${phrase}” deixa de valer para novas publicações e edições.`).waitFor()
    await question.getByRole('button', { name: 'Excluir' }).click()
    await page.getByText('Regra excluída!').waitFor()
    await question.waitFor({ state: 'detached' })
    await rules.getByText(phrase, { exact: true }).waitFor({ state: 'detached' })
    await context.close()
  })
})
