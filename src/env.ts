import { z } from 'zod'

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalString = z.preprocess(emptyToUndefined, z.string().optional())

/** `http(s)://host[:port]` exactly, as `URL.origin` writes it. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return url.origin === value && (url.protocol === 'https:' || url.protocol === 'http:')
  } catch {
    return false
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Public origin used in e-mail links and OAuth redirects, e.g. https://vupt.app */
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Number of proxy hops to trust for the client IP (express "trust proxy"). */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  /** Base64 of 32 random bytes; without it the key is kept in DATA_DIR/secret.key. */
  SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, {
        error: 'precisa ser base64 de 32 bytes',
      })
      .optional(),
  ),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Vupt <nao-responda@vupt.app>'),
  SUPPORT_EMAIL: z.email().default('suporte@vupt.app'),
  CONTACT_EMAIL: z.email().default('contato@vupt.app'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  INSTAGRAM_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  LINKEDIN_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DEFAULT_COMMUNITY: z.string().default('univille'),
  /** Folder for scheduled backups; without it the server makes none (the backup command still works). */
  BACKUP_DIR: optionalString,
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  /** How many scheduled backups to keep in BACKUP_DIR. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Bearer token for /metrics; without it /metrics answers 404. */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  /** redis://…: live events, rate limits and job locks shared with the other instances on the same data. */
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^rediss?$/, error: 'precisa ser uma URL redis:// ou rediss://' }).optional(),
  ),
  /** Web Push (VAPID, RFC 8292): both keys, base64url, or neither (then kept in DATA_DIR/vapid.json). */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'precisa ser a chave pública P-256 em base64url (65 bytes)' })
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'precisa ser a chave privada P-256 em base64url (32 bytes)' })
      .optional(),
  ),
  /** Who push services contact about this server: mailto: or https:; without it, mailto:SUPPORT_EMAIL. */
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, {
        error: 'precisa ser mailto:endereço ou uma URL https://',
      })
      .optional(),
  ),
  /**
   * Push service origins allowed beyond public https: hosts (a push service on the local network, a test
   * one), separated by commas: `http://127.0.0.1:4599`.
   */
  PUSH_ENDPOINT_ORIGINS_ALLOWED: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().refine(isOrigin, {
            error: 'origens separadas por vírgula, como http://127.0.0.1:4599 (sem caminho nem barra no fim)',
          }),
        ),
      )
      .optional(),
  ),
  /** Slugs of the only communities this instance serves, separated by commas; without it, all. */
  COMMUNITIES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) => [...new Set(value.split(',').map((slug) => slug.trim().toLowerCase()))])
      .pipe(
        z
          .array(
            z
              .string()
              .regex(/^[a-z0-9-]{1,40}$/, { error: 'slugs separados por vírgula, como univille,udesc' }),
          )
          .min(1),
      )
      .optional(),
  ),
})

export type Env = z.infer<typeof envSchema>

/** Parses the environment once; prints every bad field and exits instead of starting half-configured. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      console.error(`Configuração inválida: ${issue.path.join('.')}: ${issue.message}`)
    }
    process.exit(1)
  }
  return parsed.data
}
