import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the target of the accessibility statement. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export type Finding = { id: string; impact: string; help: string; targets: string[] }

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/** Every axe-core violation of the WCAG A and AA rules on the page as it is now. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  // A dialog or toast still fading in has translucent text and fails contrast at random: let finite
  // animations end. A toast raised by the step before may start its transition a frame or two later, so
  // the wait looks again after each round, until a round finds nothing running.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    for (let round = 0; round < 5; round++) {
      await frame()
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
      if (running.length === 0) return
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)))
    }
  })
  // evaluate() runs outside the page's CSP, which forbids injected scripts. Once per document: the
  // same page is checked again at another width.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> }
      }
    ).axe
    // Only violations are read: details of the passing and inapplicable checks are not gathered.
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })
    return result.violations
  }, WCAG_TAGS)
  return violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }))
}

export const isSerious = (finding: Finding) => finding.impact === 'serious' || finding.impact === 'critical'

export const describeFinding = (finding: Finding) =>
  `${finding.id} (${finding.impact}): ${finding.help} → ${finding.targets.join(', ')}`

/** Whether the page scrolls sideways (WCAG 1.4.10 asks for none at 320 CSS px). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
}
