import type { Locator, Page } from 'playwright-core'

/** The look of an element and its nearest ancestors: what a focus indicator changes. */
function appearance(element: Element): string {
  const parts: string[] = []
  let node: Element | null = element
  for (let level = 0; node && level < 5; level++, node = node.parentElement) {
    const style = getComputedStyle(node)
    parts.push(
      [
        style.outlineStyle,
        style.outlineWidth,
        style.boxShadow,
        style.backgroundColor,
        style.borderColor,
      ].join('|'),
    )
  }
  return parts.join(' / ')
}

/**
 * Where the focused element falls short, or null: nothing visibly changes when it takes focus (on it or
 * on the card around it), or it is entirely hidden under something else such as the sticky top bar or
 * the floating button (WCAG 2.4.7, 2.4.11).
 */
function focusProblem(): string | null {
  const element = document.activeElement
  if (!element || element === document.body || element.tagName === 'MAIN') return null
  const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`
  const style = getComputedStyle(element)
  const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
  // Options and menu items show focus as their highlighted background, and blurring one closes its list.
  const highlighted =
    ['option', 'menuitem'].includes(element.getAttribute('role') ?? '') &&
    element.hasAttribute('data-highlighted')
  if (!outlined && style.boxShadow === 'none' && !highlighted) {
    const focused = appearance(element)
    ;(element as HTMLElement).blur()
    const unfocused = appearance(element)
    ;(element as HTMLElement).focus()
    if (focused === unfocused) return `${name}: foco sem indicador visível`
  }
  const rect = element.getBoundingClientRect()
  const points = [
    [rect.left + rect.width / 2, rect.top + rect.height / 2],
    [rect.left + 2, rect.top + 2],
    [rect.right - 2, rect.top + 2],
    [rect.left + 2, rect.bottom - 2],
    [rect.right - 2, rect.bottom - 2],
  ]
  const seen = points.some(([x = 0, y = 0]) => {
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false
    const hit = document.elementFromPoint(x, y)
    return hit !== null && (hit === element || element.contains(hit) || hit.contains(element))
  })
  const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
  return seen
    ? null
    : `${name}: foco escondido por ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 40)}` : 'nada (fora da tela)'}`
}

/** Keyboard-only navigation that checks every focus stop on the way. */
export class Keyboard {
  readonly problems: string[] = []

  constructor(private readonly page: Page) {}

  async press(key: string) {
    await this.page.keyboard.press(key)
    await this.check()
  }

  async check() {
    // Two functions for the page: sent as source, so the helper is in scope of the check.
    const source = `(() => { ${appearance.toString()}; return (${focusProblem.toString()})() })()`
    let problem = await this.page.evaluate<string | null>(source)
    if (problem) {
      // A carousel or a smooth scroll may still be moving: judge where things come to rest.
      await this.page.waitForTimeout(500)
      problem = await this.page.evaluate<string | null>(source)
    }
    if (problem && !this.problems.includes(problem)) this.problems.push(problem)
  }

  /** Presses Tab (Shift+Tab with `back`) until `target` has focus; fails after `max` presses. */
  async tabTo(target: Locator, { back = false, max = 120 } = {}) {
    await target.waitFor()
    for (let presses = 0; presses < max; presses++) {
      if (await target.evaluate((element) => element === document.activeElement)) return
      await this.press(back ? 'Shift+Tab' : 'Tab')
    }
    throw new Error(`Tab não chegou a ${target}`)
  }

  type(text: string) {
    return this.page.keyboard.type(text)
  }

  focused(): Promise<string> {
    return this.page.evaluate(() => {
      const element = document.activeElement
      return (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim()
    })
  }

  /**
   * The focused element once two frames have passed: a Radix Select list focuses its selected option
   * again while it finishes mounting (its viewport, its scroll buttons), which can undo a key pressed
   * at once.
   */
  async settledFocus(): Promise<string> {
    await this.page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    )
    return this.focused()
  }
}

/** Whether a paste into the element is allowed (nothing cancels it): WCAG 3.3.8. */
export function pasteAllowed(field: Locator): Promise<boolean> {
  return field.evaluate((element) => {
    const data = new DataTransfer()
    data.setData('text/plain', '123456')
    return element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  })
}
