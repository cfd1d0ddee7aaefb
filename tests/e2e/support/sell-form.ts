import type { Page } from 'playwright-core'
import { expect } from 'vitest'

export type SellForm = {
  title: string
  description: string
  /** As typed: `45,90`. */
  price: string
  /** Option names as patterns: `/Criações/`, `/Artesanato/`. */
  category: RegExp
  subcategory: RegExp
  condition: 'Novo' | 'Usado'
}

/** Opens /vender and fills its required fields, as a member does; nothing is sent yet. */
export async function fillSellForm(page: Page, form: SellForm): Promise<void> {
  await page.goto('/univille/vender')
  await page.getByLabel('Título').fill(form.title)
  await page.getByLabel('Descrição').fill(form.description)
  await page.getByLabel('Preço').fill(form.price)
  await page.getByRole('combobox', { name: 'Categoria principal' }).click()
  await page.getByRole('option', { name: form.category }).click()
  await page.getByRole('combobox', { name: 'Subcategoria' }).click()
  await page.getByRole('option', { name: form.subcategory }).click()
  await page.getByRole('radio', { name: form.condition, exact: true }).check()
}

/** Picks `files` in the sell form's photo picker and waits until each has its preview. */
export async function attachListingPhotos(page: Page, files: string[]): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(files)
  await expect.poll(() => page.locator('ul[aria-label="Fotos do anúncio"] img').count()).toBe(files.length)
}
