import { asc } from 'drizzle-orm'
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../shared/community'
import type { Database } from '../db/client'
import { communities } from '../db/schema'
import { jsonScript } from './json-script'

export type PublicSettings = Omit<PublicConfig, 'communities' | 'instancePrefix'>

/** The configuration of a page served at `path`. */
export function readPublicConfig(db: Database, settings: PublicSettings, path = '/'): PublicConfig {
  const rows = db
    .select({
      slug: communities.slug,
      name: communities.name,
      universityName: communities.universityName,
      emailDomain: communities.emailDomain,
      primaryColor: communities.primaryColor,
      secondaryColor: communities.secondaryColor,
      timeZone: communities.timeZone,
      active: communities.active,
    })
    .from(communities)
    .orderBy(asc(communities.id))
    .all()
  const first = path.split('/')[1]
  const live = rows.some((community) => community.active && community.slug === first)
  return { ...settings, communities: rows, instancePrefix: live ? `/${first}` : '' }
}

/**
 * The public config as inert JSON at the end of the head, after `extraHead`. Inserted by a function: a
 * replacement string would read `$&`, `$'` or `` $` `` in an event title of the link-preview tags as "the
 * match" or "the rest of the page".
 */
export function injectPublicConfig(html: string, config: PublicConfig, extraHead = ''): string {
  const tag = jsonScript(PUBLIC_CONFIG_ELEMENT_ID, config)
  return html.replace('</head>', () => `${extraHead}${tag}</head>`)
}
