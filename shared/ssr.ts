import type { PublicConfig } from './community'

/** Where a server-rendered page carries its data and its lazy modules, as inert JSON. */
export const SSR_STATE_ELEMENT_ID = 'vupt-ssr'

export type SsrState = {
  /** TanStack Query's dehydrated cache: the answers the server read through the same procedures. */
  queries: unknown
  /** Manifest keys of the lazy modules the server rendered, loaded before hydration. */
  lazy: string[]
}

/** Calls a query procedure as the request's member; answers what the browser would read (JSON). */
export type ServerCall = (path: string, input: unknown) => Promise<unknown>

export type RenderRequest = {
  /** The path and query of the request. */
  url: string
  call: ServerCall
  /** The public configuration the page carries (communities, contacts). */
  config: PublicConfig
  /** The second pass needed data the first had not read: the page goes out from the first one. */
  onError?: (error: unknown) => void
}

/** A members' page asked for by a visitor gets `redirect`: the sign-in page, remembering where they were going. */
export type RenderResult = { redirect: string } | { html: string; state: SsrState }

/** The server's entry into the client (client/entry-server.tsx, built into dist/ssr). */
export type PageRenderer = { render: (request: RenderRequest) => Promise<RenderResult> }
