import { describe, expect, it } from 'vitest'
import { type LazyPage, lazyPage, preloadLazyPages } from './lazy-page'

const component = () => null

describe('preloadLazyPages', () => {
  it('carrega também o módulo preguiçoso declarado dentro de outro, que só existe depois dele', async () => {
    const loaded: string[] = []
    let inner: LazyPage | undefined
    lazyPage('teste/pagina.tsx', async () => {
      // As import() does: the module arrives later, and then declares the lazy part it renders.
      await new Promise((resolve) => setTimeout(resolve, 1))
      inner = lazyPage('teste/parte.tsx', async () => {
        loaded.push('parte')
        return { default: component }
      })
      loaded.push('pagina')
      return { default: component }
    })

    await preloadLazyPages(['teste/pagina.tsx', 'teste/parte.tsx'])

    expect(loaded).toEqual(['pagina', 'parte'])
    expect(inner).toBeDefined()
  })
})
