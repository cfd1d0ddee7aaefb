import type { Viewer } from '@/lib/auth'

/** Chat is for approved members with a confirmed e-mail; the server refuses anyone else. */
export function isChatMember(viewer: Viewer | null | undefined): viewer is Viewer {
  return viewer?.approved === true && viewer.emailVerified && !viewer.suspension
}
