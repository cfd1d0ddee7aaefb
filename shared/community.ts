/** What the client knows about a community before any API call (injected into index.html). */
export type PublicCommunity = {
  slug: string
  name: string
  universityName: string
  emailDomain: string
  primaryColor: string
  secondaryColor: string
  /** IANA time zone of the campus: event dates and times are local to it. */
  timeZone: string
  /** false: announced on the chooser as 'em breve', not open for sign-up. */
  active: boolean
}

export type PublicConfig = {
  supportEmail: string
  contactEmail: string
  googleEnabled: boolean
  social: { instagram?: string; linkedin?: string }
  defaultCommunitySlug: string
  communities: PublicCommunity[]
  /**
   * `/{slug}` when the page was opened under a live community's prefix, else ''. The page asks for the
   * API, the WebSocket and photos under it, so a proxy routing by community reaches the same machine.
   */
  instancePrefix: string
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'vupt-config'
