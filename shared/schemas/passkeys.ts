import { z } from 'zod'
import { singleLineText } from './text'

export const PASSKEY_NAME_MAX = 60
/** Passkeys one account may keep: a phone, a computer, a security key and spares. */
export const PASSKEYS_PER_ACCOUNT = 10

/** base64url, as WebAuthn's JSON carries binary fields. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/)

/** A credential id is at most 1023 bytes: 1364 base64url characters. */
const credentialId = base64url(1364).min(16)

/**
 * Transports are hints for the browser; a value this code does not know is dropped rather than refused,
 * so a browser that learns a new one still registers.
 */
const KNOWN_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const
export type PasskeyTransport = (typeof KNOWN_TRANSPORTS)[number]
const transports = z
  .array(z.string().max(20))
  .max(10)
  .transform((values) =>
    values.filter((value): value is PasskeyTransport =>
      (KNOWN_TRANSPORTS as readonly string[]).includes(value),
    ),
  )

/** Only the extension results Vupt reads; anything else the browser adds is dropped. */
const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })

/** What `startRegistration` of @simplewebauthn/browser hands back (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    // Room for an attestation with a certificate chain, though Vupt asks for none.
    attestationObject: base64url(16_384),
    authenticatorData: base64url(8192).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResults.default({}),
})

/** What `startAuthentication` of @simplewebauthn/browser hands back (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResults.default({}),
})

export const passkeyNameSchema = singleLineText()
  .min(1, { error: 'Dê um nome à chave de acesso' })
  .max(PASSKEY_NAME_MAX, { error: `O nome deve ter no máximo ${PASSKEY_NAME_MAX} caracteres` })

export const registerPasskeySchema = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
})

export const signInWithPasskeySchema = z.object({ response: authenticationResponseSchema })
