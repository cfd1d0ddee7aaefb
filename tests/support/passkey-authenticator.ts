import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

/** Authenticator data flags (WebAuthn §6.1). */
const USER_PRESENT = 0x01
const USER_VERIFIED = 0x04
const BACKUP_ELIGIBLE = 0x08
const BACKED_UP = 0x10
const ATTESTED_CREDENTIAL = 0x40

type Held = { privateKey: KeyObject; userHandle: string; rpId: string; counter: number }

export type AuthenticatorBehaviour = {
  /** Reports the person as verified (PIN, biometrics); a passkey sign-in requires it. */
  userVerified?: boolean
  /** A synced passkey (a password manager's): backup eligible and backed up. */
  synced?: boolean
  /** Counts each signature (a security key); a platform passkey often sends 0 every time. */
  counts?: boolean
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const encode = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes))

/**
 * A software authenticator, as a browser and a device would answer `navigator.credentials.create` and
 * `.get`: ES256 keys, 'none' attestation, signatures over the real authenticator data and client data.
 * The tests drive the server's verification with real WebAuthn answers, not with mocks of it.
 */
export class SoftwareAuthenticator {
  readonly held = new Map<string, Held>()

  constructor(
    readonly origin: string,
    readonly behaviour: AuthenticatorBehaviour = {},
  ) {}

  private flags(extra: number) {
    const { userVerified = true, synced = false } = this.behaviour
    return (
      USER_PRESENT | (userVerified ? USER_VERIFIED : 0) | (synced ? BACKUP_ELIGIBLE | BACKED_UP : 0) | extra
    )
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])])
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** Answers registration options: a new key pair, kept for later sign-ins. */
  create(
    options: PublicKeyCredentialCreationOptionsJSON,
    { origin = this.origin, rpId = options.rp.id ?? '' } = {},
  ): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]),
    )
    const credentialId = randomBytes(32)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(credentialId.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(coseKey)])
    const counter = this.behaviour.counts ? 1 : 0
    const authData = this.authenticatorData(rpId, this.flags(ATTESTED_CREDENTIAL), counter, attested)
    const attestation = new Map<string, string | Map<string, string> | Uint8Array>()
    attestation.set('fmt', 'none')
    attestation.set('attStmt', new Map())
    attestation.set('authData', new Uint8Array(authData))
    const attestationObject = isoCBOR.encode(attestation)
    const id = encode(credentialId)
    this.held.set(id, { privateKey, userHandle: options.user.id, rpId, counter })
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: encode(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: encode(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    }
  }

  /** Answers sign-in options with a held passkey (the first one, unless `credentialId` names another). */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    {
      origin = this.origin,
      credentialId = [...this.held.keys()][0] ?? '',
      counter = undefined as number | undefined,
    } = {},
  ): AuthenticationResponseJSON {
    const held = this.held.get(credentialId)
    if (!held) throw new Error('nenhuma chave de acesso guardada')
    held.counter = counter ?? (this.behaviour.counts ? held.counter + 1 : 0)
    const authData = this.authenticatorData(options.rpId ?? held.rpId, this.flags(0), held.counter)
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin)
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), held.privateKey)
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: encode(clientDataJSON),
        authenticatorData: encode(authData),
        signature: encode(signature),
        userHandle: held.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    }
  }
}
