import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ItemGroup } from './admin-crud'
import { FilteredList } from './filtered-list'

describe('ItemGroup', () => {
  const group = (count: number) =>
    renderToStaticMarkup(
      <ItemGroup
        id="banners-hero_banner"
        title="Banner principal do portal"
        count={count}
        empty="Nenhum banner nesta posição."
      >
        <ul>
          <li>Semana de Desapegos</li>
        </ul>
      </ItemGroup>,
    )

  it.each([
    [0, 'Nenhum banner nesta posição.', '<li>'],
    [1, '<li>Semana de Desapegos</li>', 'Nenhum banner nesta posição.'],
  ])('with %s items shows %s and not %s', (count, shown, hidden) => {
    const html = group(count)
    expect(html).toContain(shown)
    expect(html).not.toContain(hidden)
  })

  it('is named by its heading, which counts the items', () => {
    const html = group(1)
    expect(html).toContain('aria-labelledby="banners-hero_banner"')
    expect(html).toMatch(
      /<h2 id="banners-hero_banner"[^>]*>Banner principal do portal <span[^>]*>\(1\)<\/span><\/h2>/,
    )
  })
})

describe('FilteredList', () => {
  const TABS = [
    { value: 'pendente', label: 'Pendentes', empty: 'Nenhum evento aguarda aprovação.' },
    { value: 'aprovado', label: 'Aprovados', empty: 'Nenhum evento aprovado ainda.' },
  ] as const
  const list = (value: 'pendente' | 'aprovado', data: string[]) =>
    renderToStaticMarkup(
      <FilteredList
        tabs={TABS}
        value={value}
        onValueChange={() => undefined}
        label="Situação dos eventos"
        query={{
          data,
          isPending: false,
          isError: false,
          error: null,
          isFetching: false,
          refetch: () => undefined,
        }}
        items="eventos"
        empty={{ icon: null, title: 'Nenhum evento aqui' }}
      >
        {(row) => <li key={row}>{row}</li>}
      </FilteredList>,
    )

  it.each([
    ['pendente', 'Nenhum evento aguarda aprovação.'],
    ['aprovado', 'Nenhum evento aprovado ainda.'],
  ] as const)('empty under "%s", says why in that tab\'s words', (value, why) => {
    const html = list(value, [])
    expect(html).toContain('Nenhum evento aqui')
    expect(html).toContain(why)
  })

  it('lists the rows of the chosen tab', () => {
    expect(list('pendente', ['Sarau', 'Feira'])).toContain(
      '<ul class="grid gap-3"><li>Sarau</li><li>Feira</li></ul>',
    )
  })
})
