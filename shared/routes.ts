/**
 * Every client route, relative to the community prefix: each works both as `/vender` and as
 * `/univille/vender`. The server answers 404 for any other path; the client renders the pages.
 */
export const CLIENT_ROUTES = [
  '/',
  '/auth',
  '/verificar-email',
  '/redefinir-senha',
  '/comunidades',
  '/como-funciona',
  '/sobre',
  '/faq',
  '/acessibilidade',
  '/portal',
  '/criacoes',
  '/servicos',
  '/desapegos',
  '/produto/:id',
  '/perfil/:username',
  '/vender',
  '/meus-produtos',
  '/meus-favoritos',
  '/meus-eventos',
  '/minhas-entregas',
  '/entregas/:id',
  '/procura-se',
  '/minha-conta',
  '/minha-conta/seguranca',
  '/confirmar-email',
  '/reconfirmar-email',
  '/chat',
  '/chat/:id',
  '/avaliar/:meetingId',
  '/eventos',
  '/evento/:id',
  '/evento/:id/presencas',
  '/evento/:id/check-in',
  '/criar-evento',
  '/editar-evento/:id',
  '/admin',
  '/admin/aprovacoes',
  '/admin/usuarios',
  '/admin/anuncios',
  '/admin/anuncios/:id',
  '/admin/eventos',
  '/admin/banners',
  '/admin/subcategorias',
  '/admin/semestres',
  '/admin/pontos-de-encontro',
  '/admin/moderacao',
  '/admin/denuncias',
  '/admin/integridade',
  '/admin/cursos',
] as const

export type ClientRoutePattern = (typeof CLIENT_ROUTES)[number]

/** Query parameters of a link, in order; an undefined value is left out. */
export type RouteQuery = Record<string, string | number | undefined>

type HasParam<P extends string> = P extends `${string}:${string}` ? true : false

/** A link to one route: its path parameter (when the pattern has one), then an optional query. */
export type RouteBuilder<P extends ClientRoutePattern> = (HasParam<P> extends true
  ? (param: string | number, query?: RouteQuery) => string
  : (query?: RouteQuery) => string) & { readonly pattern: P }

function withQuery(path: string, query: RouteQuery | undefined): string {
  const pairs = Object.entries(query ?? {}).flatMap(([key, value]) =>
    value === undefined ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`],
  )
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path
}

/** The builder of a pattern's links, so a link can only be written for a route the client has. */
function route<P extends ClientRoutePattern>(pattern: P): RouteBuilder<P> {
  const hasParam = pattern.includes('/:')
  const build = (...args: [unknown?, RouteQuery?]) => {
    if (!hasParam) return withQuery(pattern, args[0] as RouteQuery | undefined)
    const path = pattern.replace(/:[A-Za-z]+/, encodeURIComponent(String(args[0])))
    return withQuery(path, args[1])
  }
  return Object.assign(build, { pattern }) as unknown as RouteBuilder<P>
}

/**
 * Links to the client's pages, relative to the community prefix as the patterns are: the client's router
 * base (or a server's `communityUrl`) puts the prefix in front.
 */
export const routes = {
  home: route('/'),
  auth: route('/auth'),
  verifyEmail: route('/verificar-email'),
  resetPassword: route('/redefinir-senha'),
  communities: route('/comunidades'),
  howItWorks: route('/como-funciona'),
  about: route('/sobre'),
  faq: route('/faq'),
  accessibility: route('/acessibilidade'),
  portal: route('/portal'),
  creations: route('/criacoes'),
  services: route('/servicos'),
  secondHand: route('/desapegos'),
  listing: route('/produto/:id'),
  profile: route('/perfil/:username'),
  sell: route('/vender'),
  myListings: route('/meus-produtos'),
  favorites: route('/meus-favoritos'),
  myEvents: route('/meus-eventos'),
  myDeliveries: route('/minhas-entregas'),
  handoff: route('/entregas/:id'),
  wanted: route('/procura-se'),
  myAccount: route('/minha-conta'),
  security: route('/minha-conta/seguranca'),
  confirmEmail: route('/confirmar-email'),
  reverifyEmail: route('/reconfirmar-email'),
  chat: route('/chat'),
  conversation: route('/chat/:id'),
  review: route('/avaliar/:meetingId'),
  events: route('/eventos'),
  event: route('/evento/:id'),
  eventRoster: route('/evento/:id/presencas'),
  eventCheckIn: route('/evento/:id/check-in'),
  createEvent: route('/criar-evento'),
  editEvent: route('/editar-evento/:id'),
  admin: {
    dashboard: route('/admin'),
    approvals: route('/admin/aprovacoes'),
    users: route('/admin/usuarios'),
    listings: route('/admin/anuncios'),
    listing: route('/admin/anuncios/:id'),
    events: route('/admin/eventos'),
    banners: route('/admin/banners'),
    subcategories: route('/admin/subcategorias'),
    semesters: route('/admin/semestres'),
    meetingSpots: route('/admin/pontos-de-encontro'),
    moderationLog: route('/admin/moderacao'),
    reports: route('/admin/denuncias'),
    integrity: route('/admin/integridade'),
    courses: route('/admin/cursos'),
  },
} as const
