import type { Page } from 'playwright-core'

/** Writes to the seller from the listing's page and waits for the message to show; returns the thread's path. */
export async function messageFromListing(page: Page, listingId: number, text: string): Promise<string> {
  await page.goto(`/univille/produto/${listingId}`)
  await page.getByRole('link', { name: 'Enviar mensagem' }).click()
  await page.waitForURL(/\/chat\/\d+(\?negocio=\d+)?$/)
  const threadPath = new URL(page.url()).pathname
  await page.getByLabel('Mensagem', { exact: true }).fill(text)
  await page.getByRole('button', { name: 'Enviar', exact: true }).click()
  await page.getByRole('list', { name: 'Mensagens' }).getByText(text).waitFor()
  return threadPath
}

/** Opens the thread on the other side and waits until `text` is among its messages. */
export async function openThreadWith(page: Page, threadPath: string, text: string): Promise<void> {
  await page.goto(threadPath)
  await page.getByRole('list', { name: 'Mensagens' }).getByText(text).waitFor()
}
