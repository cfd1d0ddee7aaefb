import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import ipaddr from 'ipaddr.js'
import { MAX_PUSH_ENDPOINT_LENGTH } from '../../shared/push'
import { appError } from '../errors'

/**
 * A subscription's endpoint is a URL this server posts to on a member's say-so: unchecked, it would let
 * anyone make the server call an address inside its own network. Only `https:` on a public address,
 * unless the operator named the origin in PUSH_ENDPOINT_ORIGINS_ALLOWED.
 */
export type EndpointPolicy = { allowedOrigins: ReadonlySet<string> }

/** Whether an address is one the server may post to: public unicast only, IPv4 inside IPv6 included. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

/** The endpoint parsed, when its shape may be stored; otherwise a refusal. The address is checked apart. */
export function parseEndpoint(endpoint: string, policy: EndpointPolicy): URL {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw appError('PUSH_ENDPOINT_REFUSED')
  }
  if (endpoint.length > MAX_PUSH_ENDPOINT_LENGTH || url.username || url.password) {
    throw appError('PUSH_ENDPOINT_REFUSED')
  }
  if (policy.allowedOrigins.has(url.origin)) return url
  if (url.protocol !== 'https:') throw appError('PUSH_ENDPOINT_REFUSED')
  // A literal address is judged as it is; a name, by what it resolves to.
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (ipaddr.isValid(host) && !isPublicAddress(host)) throw appError('PUSH_ENDPOINT_REFUSED')
  return url
}

/**
 * DNS lookup for the sockets that carry pushes: fails when the name resolves to any non-public address.
 * Used when connecting, so the check holds at send time even if the name now points elsewhere.
 */
export function publicOnlyLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dnsLookup(hostname, { all: true, family: options.family as 0 }, (error, addresses) => {
    if (error) return callback(error, [])
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
      const refused: NodeJS.ErrnoException = new Error(
        `${hostname} resolve para um endereço que não é público`,
      )
      refused.code = 'EPUSHADDRESS'
      return callback(refused, [])
    }
    if (options.all) return callback(null, addresses)
    const first = addresses[0] as LookupAddress
    callback(null, first.address, first.family)
  })
}

/** The endpoint's host resolves to public addresses only (or its origin is allowed): checked when subscribing. */
export function assertPublicEndpoint(url: URL, policy: EndpointPolicy): Promise<void> {
  if (policy.allowedOrigins.has(url.origin)) return Promise.resolve()
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (ipaddr.isValid(host)) return Promise.resolve()
  return new Promise((resolve, reject) => {
    publicOnlyLookup(host, { all: true }, (error) =>
      error ? reject(appError('PUSH_ENDPOINT_REFUSED')) : resolve(),
    )
  })
}
