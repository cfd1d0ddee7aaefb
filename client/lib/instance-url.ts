import { appConfig } from './config'

/**
 * The address of something this page's own instance serves (API, WebSocket, uploads, photos, Google
 * sign-in), under the community prefix the page was opened with, so that a proxy routing communities
 * to different machines sends it where the page came from. Other addresses are returned unchanged.
 */
export function instanceUrl(path: string): string {
  return /^\/(api|uploads|auth\/google)(\/|\?|$)/.test(path) ? `${appConfig().instancePrefix}${path}` : path
}
