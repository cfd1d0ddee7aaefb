import { describe, expect, it } from 'vitest'
import { isPublicAddress, parseEndpoint } from './endpoint'

describe('isPublicAddress', () => {
  it('accepts public unicast addresses only', () => {
    for (const address of ['142.250.79.10', '2607:f8b0:4004:c07::5f', '::ffff:142.250.79.10']) {
      expect(isPublicAddress(address), address).toBe(true)
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.16.4.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'não é endereço',
    ]) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })
})

describe('parseEndpoint', () => {
  const policy = { allowedOrigins: new Set(['http://127.0.0.1:4599']) }
  it('takes https on a name or a public address, and the origins the operator allowed', () => {
    expect(parseEndpoint('https://fcm.googleapis.com/fcm/send/abc', policy).host).toBe('fcm.googleapis.com')
    expect(parseEndpoint('https://142.250.79.10/push', policy).hostname).toBe('142.250.79.10')
    expect(parseEndpoint('http://127.0.0.1:4599/push/1', policy).port).toBe('4599')
  })
  it('refuses other schemes, inner addresses, credentials and other ports of an allowed host', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/x',
      'ftp://fcm.googleapis.com/x',
      'https://10.0.0.1/x',
      'https://[::1]/x',
      'https://u:p@fcm.googleapis.com/x',
      'http://127.0.0.1:4600/push',
      'javascript:alert(1)',
    ]) {
      expect(() => parseEndpoint(endpoint, policy), endpoint).toThrow()
    }
  })
})
