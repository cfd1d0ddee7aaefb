import { z } from 'zod'
import { MAX_PUSH_ENDPOINT_LENGTH, PUSH_KINDS } from '../push'

/** `bytes` bytes in base64url, as browsers write them (without padding, or with it). */
const base64url = (bytes: number, what: string) => {
  const chars = Math.ceil((bytes * 4) / 3)
  return z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}=*$`), { error: `${what} inválida` })
    .max(chars + 2, { error: `${what} inválida` })
}

/** A browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().max(MAX_PUSH_ENDPOINT_LENGTH, { error: 'Endereço de notificação longo demais' }),
  keys: z.object({
    p256dh: base64url(65, 'Chave do navegador'),
    auth: base64url(16, 'Chave de autenticação do navegador'),
  }),
})
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>

export const pushPreferenceSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  enabled: z.boolean().optional(),
  preview: z.boolean().optional(),
})

export const pushDeviceSchema = z.object({ id: z.number().int().positive() })
