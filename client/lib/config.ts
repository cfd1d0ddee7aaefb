import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@shared/community'

const fallback: PublicConfig = {
  supportEmail: 'suporte@vupt.app',
  contactEmail: 'contato@vupt.app',
  googleEnabled: false,
  social: {},
  defaultCommunitySlug: 'univille',
  communities: [],
  instancePrefix: '',
}

/** The server writes the client-safe configuration into index.html as JSON, so no request is needed. */
function readPageConfig(): PublicConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)
  if (!element?.textContent) return fallback
  return { ...fallback, ...(JSON.parse(element.textContent) as Partial<PublicConfig>) }
}

const pageConfig = readPageConfig()
let requestConfig: (() => PublicConfig | undefined) | undefined

/**
 * The page's configuration: in the browser, the one the page carries (read once); on the server, the
 * one of the request being rendered, which differs between requests (the community prefix of its path,
 * communities switched on or off), so it is asked for at render time, never kept at module level.
 */
export function appConfig(): PublicConfig {
  return requestConfig?.() ?? pageConfig
}

/** The server's renderer names where each request's configuration is found (client/entry-server.tsx). */
export function readConfigFrom(source: () => PublicConfig | undefined): void {
  requestConfig = source
}
