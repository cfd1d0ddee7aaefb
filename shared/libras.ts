/**
 * VLibras, the Brazilian government's Libras translator widget. Opt-in: nothing of it loads until a
 * student turns it on, and only then does the server's Content Security Policy admit its origins.
 */
export const VLIBRAS_ORIGIN = 'https://vlibras.gov.br'
export const VLIBRAS_SCRIPT_URL = `${VLIBRAS_ORIGIN}/app/vlibras-plugin.js`
export const VLIBRAS_APP_URL = `${VLIBRAS_ORIGIN}/app`
/** The widget's own servers: the avatar's files, translation and dictionary (subdomains). */
export const VLIBRAS_SOURCES = [VLIBRAS_ORIGIN, 'https://*.vlibras.gov.br']

/** Set by the browser on opt-in; its presence is what makes the server extend the CSP. */
export const LIBRAS_COOKIE = 'vupt_libras'
export const LIBRAS_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60
