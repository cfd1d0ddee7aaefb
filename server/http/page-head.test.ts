import { describe, expect, it } from 'vitest'
import { withPageHead } from './page-head'

const TEMPLATE =
  '<head><meta name="description" content="Vupt — o marketplace da sua universidade." /><title>Vupt</title></head>'
const ADDRESS = { publicUrl: 'https://vupt.app', url: '/univille/portal?q=livro' }

/** The content of each preview tag, by its property or name. */
function tagsOf(tags: string): Record<string, string> {
  return Object.fromEntries(
    [...tags.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((match) => [
      match[1],
      match[2],
    ]),
  )
}

describe('withPageHead', () => {
  it("puts the page's title in the head and previews it with the template's description", () => {
    const { html, tags } = withPageHead(
      TEMPLATE,
      { title: 'Portal de Vendas · Vupt' },
      { ...ADDRESS, communityName: 'Univille' },
    )
    expect(html).toContain('<title>Portal de Vendas · Vupt</title>')
    expect(html).not.toContain('<title>Vupt</title>')
    expect(html).toContain('content="Vupt — o marketplace da sua universidade."')
    expect(tagsOf(tags)).toEqual({
      'og:type': 'website',
      'og:site_name': 'Vupt Univille',
      'og:locale': 'pt_BR',
      'og:url': 'https://vupt.app/univille/portal?q=livro',
      'og:title': 'Portal de Vendas · Vupt',
      'og:description': 'Vupt — o marketplace da sua universidade.',
      'twitter:card': 'summary',
      'twitter:title': 'Portal de Vendas · Vupt',
      'twitter:description': 'Vupt — o marketplace da sua universidade.',
    })
  })

  it("previews the page's own title, description and photo, escaped, with the photo's full address", () => {
    const { html, tags } = withPageHead(
      TEMPLATE,
      {
        title: 'Sarau <de> Letras · Vupt',
        preview: {
          title: 'Sarau "de" Letras',
          description: '12 de março, 19:30 · Bloco A & B.',
          image: '/univille/uploads/capa.webp',
        },
      },
      ADDRESS,
    )
    expect(html).toContain('<title>Sarau &#60;de&#62; Letras · Vupt</title>')
    expect(html).toContain('<meta name="description" content="12 de março, 19:30 · Bloco A &#38; B." />')
    expect(tagsOf(tags)).toMatchObject({
      'og:site_name': 'Vupt',
      'og:title': 'Sarau &#34;de&#34; Letras',
      'og:description': '12 de março, 19:30 · Bloco A &#38; B.',
      'og:image': 'https://vupt.app/univille/uploads/capa.webp',
      'twitter:card': 'summary_large_image',
      'twitter:image': 'https://vupt.app/univille/uploads/capa.webp',
    })
  })

  it("takes only this site's own photos: another address is not previewed", () => {
    for (const image of ['https://outro.site/foto.webp', '//outro.site/foto.webp', 'javascript:alert(1)']) {
      const { tags } = withPageHead(TEMPLATE, { title: 'Evento · Vupt', preview: { image } }, ADDRESS)
      expect(tagsOf(tags)['og:image'], image).toBeUndefined()
      expect(tagsOf(tags)['twitter:card'], image).toBe('summary')
    }
  })
})
