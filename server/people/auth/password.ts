import { hash, verify } from '@node-rs/argon2'

// OWASP's minimum for argon2id (the library's default algorithm): 19 MiB, 2 passes, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal which e-mails are registered. */
let decoyHash: Promise<string> | undefined
export function verifyDecoy(password: string): Promise<boolean> {
  decoyHash ??= hashPassword('senha-inexistente-para-comparar')
  return decoyHash.then((hashed) => verifyPassword(hashed, password)).then(() => false)
}
