import type { PageMeta } from '../../shared/ssr'
import { escapeHtml } from '../escape-html'

const TITLE = /<title>[^<]*<\/title>/
const DESCRIPTION = /<meta name="description" content="([^"]*)"\s*\/?>/

type PageAddress = {
  /** The site's public origin (PUBLIC_URL): previews need absolute addresses. */
  publicUrl: string
  /** The page's path and query, as asked. */
  url: string
  /** The community the path is under, if any: `Vupt Univille`. */
  communityName?: string
}

/**
 * The head of a page the server rendered: the page's own title in place of the template's, its
 * description, and the tags a link preview reads (WhatsApp, Telegram, e-mail clients). All of it
 * comes from what the page itself said while rendering (`usePageTitle`), so a preview shows what
 * the one who opens the link would see, and a members' page, which a visitor never gets, shows nothing.
 */
export function withPageHead(
  template: string,
  { title, preview = {} }: PageMeta,
  { publicUrl, url, communityName }: PageAddress,
): { html: string; tags: string } {
  // Replaced through functions: a title with `$&` or `$'` must not read as a replacement pattern.
  let html = template.replace(TITLE, () => `<title>${escapeHtml(title)}</title>`)
  // The template's description is HTML already; the page's is text.
  let description = DESCRIPTION.exec(template)?.[1]
  if (preview.description !== undefined) {
    description = escapeHtml(preview.description)
    html = html.replace(DESCRIPTION, () => `<meta name="description" content="${description}" />`)
  }
  // Photos are this instance's paths (under the page's prefix); PUBLIC_URL has no trailing slash.
  const image =
    preview.image && /^\/(?!\/)/.test(preview.image) ? escapeHtml(`${publicUrl}${preview.image}`) : undefined
  const shownTitle = escapeHtml(preview.title ?? title)
  const tags: [string, string | undefined][] = [
    ['og:type', 'website'],
    ['og:site_name', escapeHtml(communityName ? `Vupt ${communityName}` : 'Vupt')],
    ['og:locale', 'pt_BR'],
    ['og:url', escapeHtml(`${publicUrl}${url}`)],
    ['og:title', shownTitle],
    ['og:description', description],
    ['twitter:card', image ? 'summary_large_image' : 'summary'],
    ['twitter:title', shownTitle],
    ['twitter:description', description],
    ['og:image', image],
    ['twitter:image', image],
  ]
  return {
    html,
    tags: tags
      .map(([key, content]) =>
        content === undefined
          ? ''
          : key.startsWith('og:')
            ? `<meta property="${key}" content="${content}">`
            : `<meta name="${key}" content="${content}">`,
      )
      .join(''),
  }
}
