import type { PublicConfig } from './community'

/** Where a server-rendered page carries its data and its lazy modules, as inert JSON. */
export const SSR_STATE_ELEMENT_ID = 'vupt-ssr'

export type SsrState = {
  /** TanStack Query's dehydrated cache: the answers the server read through the same procedures. */
  queries: unknown
  /** Manifest keys of the lazy modules the server rendered, loaded before hydration. */
  lazy: string[]
}

/** What a link preview shows where it says more than, or other than, the page's tab title. */
export type PagePreview = {
  title?: string
  description?: string
  /** A photo of this instance (`/uploads/…`, under the page's prefix) or an absolute address. */
  image?: string | null
}

/** What the page's render said about itself, for the head: its tab title and its link preview. */
export type PageMeta = {
  /** As the tab shows it: `Portal de Vendas · Vupt`. */
  title: string
  preview?: PagePreview
}

/** Calls a query procedure as the request's member; answers what the browser would read (JSON). */
export type ServerCall = (path: string, input: unknown) => Promise<unknown>

export type RenderRequest = {
  /** The path and query of the request. */
  url: string
  call: ServerCall
  /** The public configuration the page carries (communities, contacts). */
  config: PublicConfig
  /** A part of the page that failed on the server (the browser renders that part itself). */
  onError?: (error: unknown) => void
}

export type RenderResult =
  /** A members' page asked for by a visitor: the sign-in page, remembering where they were going. */
  | { redirect: string }
  /** `failed`: some part could not be rendered on the server and is left to the browser. */
  | {
      html: string
      state: SsrState
      dates: Record<string, string>
      failed: boolean
      /** The title and preview of the page rendered (null if none said, such as a page left to the browser). */
      meta: PageMeta | null
    }

/** The server's entry into the client (client/entry-server.tsx, built into dist/ssr). */
export type PageRenderer = { render: (request: RenderRequest) => Promise<RenderResult> }
