import { parse } from 'regexparam'

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
] as const

const patterns = CLIENT_ROUTES.map((route) => parse(route).pattern)

/** Whether the client has a page for the path; `communitySlugs` are the live communities. */
export function isClientRoute(pathname: string, communitySlugs: readonly string[]): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (patterns.some((pattern) => pattern.test(path))) return true
  const [, first, ...rest] = path.split('/')
  if (!first || !communitySlugs.includes(first)) return false
  const inner = `/${rest.join('/')}`
  return patterns.some((pattern) => pattern.test(inner))
}
