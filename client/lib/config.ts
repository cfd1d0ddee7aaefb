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
function readPublicConfig(): PublicConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)
  if (!element?.textContent) return fallback
  return { ...fallback, ...(JSON.parse(element.textContent) as Partial<PublicConfig>) }
}

export const appConfig = readPublicConfig()
