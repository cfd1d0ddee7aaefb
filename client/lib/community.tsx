import type { PublicCommunity } from '@shared/community'
import { createContext, type ReactNode, useContext, useEffect } from 'react'
import { appConfig } from './config'

type CommunityContextValue = {
  community: PublicCommunity | null
  /** True when the page was opened under /{slug}; links inside the nest keep that prefix. */
  prefixed: boolean
}

const CommunityContext = createContext<CommunityContextValue>({ community: null, prefixed: false })

export function findCommunity(slug: string | undefined): PublicCommunity | undefined {
  return appConfig().communities.find((community) => community.slug === slug && community.active)
}

export const defaultCommunity = (): PublicCommunity | null =>
  findCommunity(appConfig().defaultCommunitySlug) ?? appConfig().communities.find((c) => c.active) ?? null

export function CommunityProvider({
  community,
  prefixed,
  children,
}: {
  community: PublicCommunity | null
  prefixed: boolean
  children: ReactNode
}) {
  useEffect(() => {
    if (!community) return
    // The community's colours become the theme (spec: taken from the first path segment).
    const root = document.documentElement
    root.style.setProperty('--community-primary', community.primaryColor)
    root.style.setProperty('--community-secondary', community.secondaryColor)
  }, [community])
  return <CommunityContext.Provider value={{ community, prefixed }}>{children}</CommunityContext.Provider>
}

export function useCommunity(): CommunityContextValue {
  return useContext(CommunityContext)
}
