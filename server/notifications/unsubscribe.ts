import { and, eq } from 'drizzle-orm'
import { EMAIL_KINDS, type EmailKind } from '../../shared/safety'
import { isSealed } from '../auth/secret-box'
import type { Database } from '../db/client'
import { emailOptOuts } from '../db/schema'
import type { AppServices } from '../services'

/**
 * One-click unsubscribe: the token is the member and the e-mail kind, sealed with the server's key
 * (authenticated encryption), so it cannot be forged or pointed at someone else.
 */
export function unsubscribeToken(
  services: Pick<AppServices, 'secrets'>,
  userId: number,
  kind: EmailKind,
): string {
  // Sealed values are base64url parts joined by dots: safe in a URL as they are.
  return services.secrets.seal(`unsubscribe:${userId}:${kind}`)
}

export function unsubscribeUrl(
  services: Pick<AppServices, 'secrets' | 'publicUrl'>,
  userId: number,
  kind: EmailKind,
): string {
  return `${services.publicUrl}/descadastrar?token=${unsubscribeToken(services, userId, kind)}`
}

/** The member and kind a token names, or null for anything that is not one of ours. */
export function readUnsubscribeToken(
  services: Pick<AppServices, 'secrets'>,
  token: string,
): { userId: number; kind: EmailKind } | null {
  // open() hands anything unsealed back as it is: only a sealed value can be ours.
  if (token.length > 512 || !isSealed(token)) return null
  let plain: string
  try {
    plain = services.secrets.open(token)
  } catch {
    return null
  }
  const match = /^unsubscribe:(\d+):([a-z_]+)$/.exec(plain)
  const kind = match?.[2] as EmailKind | undefined
  if (!match || !kind || !EMAIL_KINDS.includes(kind)) return null
  return { userId: Number(match[1]), kind }
}

export function setEmailOptOut(db: Database, userId: number, kind: EmailKind, off: boolean): void {
  if (off) {
    db.insert(emailOptOuts).values({ userId, kind }).onConflictDoNothing().run()
  } else {
    db.delete(emailOptOuts)
      .where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.kind, kind)))
      .run()
  }
}
