import { parse } from 'regexparam'
import { describe, expect, test } from 'vitest'
import { isClientRoute } from './route-match'
import { CLIENT_ROUTES, type ClientRoutePattern, type RouteBuilder, routes } from './routes'

type AnyBuilder = RouteBuilder<ClientRoutePattern> & ((...args: unknown[]) => string)

function buildersIn(tree: object): AnyBuilder[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'function' ? [value as AnyBuilder] : buildersIn(value as object),
  )
}

const builders = buildersIn(routes)
const hasParam = (pattern: string) => pattern.includes('/:')
const build = (builder: AnyBuilder, query?: object) =>
  hasParam(builder.pattern) ? builder('a-1', query) : builder(query)

describe('routes', () => {
  test('every client route has exactly one builder', () => {
    expect(builders.map((builder) => builder.pattern).sort()).toEqual([...CLIENT_ROUTES].sort())
  })

  test.each(builders.map((builder) => [builder.pattern, builder] as const))(
    "%s: the builder's link matches its own pattern and no earlier one",
    (pattern, builder) => {
      const link = build(builder)
      expect(parse(pattern).pattern.test(link)).toBe(true)
      // wouter's Switch takes the first matching route: the link must open this one.
      const first = CLIENT_ROUTES.find((candidate) => parse(candidate).pattern.test(link))
      expect(first).toBe(pattern)
      expect(isClientRoute(build(builder, { q: 'x' }).split('?')[0] ?? '', [])).toBe(true)
    },
  )

  test('a parameter fills its segment, encoded', () => {
    expect(routes.listing(42)).toBe('/produto/42')
    expect(routes.profile('ana_lima')).toBe('/perfil/ana_lima')
    expect(routes.eventRoster(7)).toBe('/evento/7/presencas')
    expect(routes.admin.listing(3)).toBe('/admin/anuncios/3')
    expect(routes.profile('a/b c')).toBe('/perfil/a%2Fb%20c')
  })

  test('a query keeps its order, encodes its values and leaves out undefined ones', () => {
    expect(routes.home()).toBe('/')
    expect(routes.auth({ from: '/vender?x=1 2' })).toBe('/auth?from=%2Fvender%3Fx%3D1%202')
    expect(routes.chat({ vendedor: 'ana', produto: 9 })).toBe('/chat?vendedor=ana&produto=9')
    expect(routes.listing(5, { editar: 1 })).toBe('/produto/5?editar=1')
    expect(routes.auth({ from: undefined })).toBe('/auth')
  })
})
