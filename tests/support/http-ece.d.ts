declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'

  /** RFC 8188 (aes128gcm) with the RFC 8291 key derivation when given the receiver's key and auth secret. */
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer
  const ece: { decrypt: typeof decrypt }
  export default ece
}
