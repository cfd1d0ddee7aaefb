import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CountedPageHeader } from './counted-page-header'
import { LabelOptions } from './label-options'
import { ListQueryStates } from './list-query-states'
import { StatFigure } from './stat-figure'

const query = <T,>(state: { data?: T; isPending?: boolean; isError?: boolean }) => ({
  data: state.data,
  isPending: state.isPending ?? false,
  isError: state.isError ?? false,
  error: state.isError ? new Error('falhou') : null,
  isFetching: false,
  refetch: () => undefined,
})

const bannersList = (state: Parameters<typeof query<string[]>>[0]) =>
  renderToStaticMarkup(
    <ListQueryStates
      query={query(state)}
      items="banners"
      empty={{ icon: null, title: 'Nenhum banner cadastrado', description: 'Crie o primeiro banner.' }}
    >
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </ListQueryStates>,
  )

describe('ListQueryStates', () => {
  it.each([
    ['loading', { isPending: true }, 'Carregando banners...'],
    ['failed', { isError: true }, 'Erro ao carregar banners'],
    ['empty', { data: [] }, 'Nenhum banner cadastrado'],
    ['loaded', { data: ['Semana de Desapegos'] }, '<li>Semana de Desapegos</li>'],
  ])('words the %s list from the name of its items', (_state, state, expected) => {
    expect(bannersList(state)).toContain(expected)
  })
})

describe('CountedPageHeader', () => {
  it.each([
    [undefined, 'Os anúncios que você salvou.'],
    [1, '1 favorito'],
    [3, '3 favoritos'],
  ])('with %s items says "%s", read out as it changes', (count, expected) => {
    const html = renderToStaticMarkup(
      <CountedPageHeader
        title="Meus favoritos"
        count={count}
        noun={['favorito', 'favoritos']}
        intro="Os anúncios que você salvou."
      />,
    )
    expect(html).toContain(`<p class="text-muted-foreground" aria-live="polite">${expected}</p>`)
  })
})

describe('StatFigure', () => {
  it.each([
    [1234, false, '1.234'],
    [undefined, true, '–'],
    [undefined, false, 'data-slot="skeleton"'],
  ])('shows %s (failed: %s) as %s', (value, failed, expected) => {
    const html = renderToStaticMarkup(
      <StatFigure value={value} failed={failed} skeletonClassName="h-9 w-16" />,
    )
    expect(html).toContain(expected)
  })
})

describe('LabelOptions', () => {
  it('lists one option per value, shown by its label', () => {
    const html = renderToStaticMarkup(
      <select defaultValue="recent">
        <LabelOptions
          values={['recent', 'oldest'] as const}
          labels={{ recent: 'Mais recentes', oldest: 'Mais antigos' }}
        />
      </select>,
    )
    expect(html).toContain('<option value="recent" selected="">Mais recentes</option>')
    expect(html).toContain('<option value="oldest">Mais antigos</option>')
  })
})
