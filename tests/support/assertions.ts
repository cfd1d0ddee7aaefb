import { TRPCError } from '@trpc/server'
import { getErrorShape } from '@trpc/server/shared'
import { expect } from 'vitest'
import { ZodError } from 'zod'
import { AppError } from '../../server/errors'
import { appRouter } from '../../server/routers/_app'
import type { AppErrorCode } from '../../shared/errors'
import type { AppCaller } from './test-app'

/** What a client would receive for this error: the shape produced by our errorFormatter. */
export function formatError(error: TRPCError, path?: string) {
  return getErrorShape({
    config: appRouter._def._config,
    error,
    type: 'unknown',
    path,
    input: undefined,
    ctx: undefined,
  })
}

/** Awaits the promise and returns its TRPCError; fails when it resolves or throws something else. */
export async function expectTRPCError(
  promise: Promise<unknown>,
  code?: TRPCError['code'],
  message?: string,
): Promise<TRPCError> {
  let result: unknown
  try {
    result = await promise
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError)
    const trpcError = error as TRPCError
    if (code) expect(trpcError.code, trpcError.message).toBe(code)
    if (message) expect(trpcError.message).toBe(message)
    return trpcError
  }
  throw new Error(
    `esperava um TRPCError${code ? ` ${code}` : ''}, mas a chamada resolveu: ${JSON.stringify(result)}`,
  )
}

/** The application code the client would read in `error.data.appCode`. */
export async function expectAppError(
  promise: Promise<unknown>,
  appCode: AppErrorCode,
  code?: TRPCError['code'],
): Promise<TRPCError> {
  const error = await expectTRPCError(promise, code)
  expect(error.cause, `esperava appCode ${appCode}, erro: ${error.code} ${error.message}`).toBeInstanceOf(
    AppError,
  )
  expect((error.cause as AppError).appCode).toBe(appCode)
  expect(formatError(error).data.appCode).toBe(appCode)
  return error
}

/** `caller` can neither accept nor counter the offer: both are refused with `appCode`. */
export async function expectOfferAnswersRefused(
  caller: AppCaller,
  offerId: number,
  counterCents: number,
  appCode: AppErrorCode,
  code: TRPCError['code'],
) {
  await expectAppError(caller.deals.offers.accept({ offerId }), appCode, code)
  await expectAppError(caller.deals.offers.counter({ offerId, amountCents: counterCents }), appCode, code)
}

/** None of `secrets` appears anywhere in `data` (an export, an answer), however deep it sits. */
export function expectNoneOf(data: unknown, secrets: (string | null | undefined)[]) {
  const text = JSON.stringify(data)
  for (const secret of secrets) expect(text).not.toContain(secret)
}

/** An input rejected by its zod schema, whose first message (what the form/toast shows) is `message`. */
export async function expectValidationMessage(
  promise: Promise<unknown>,
  message: string,
): Promise<TRPCError> {
  const error = await expectTRPCError(promise, 'BAD_REQUEST')
  expect(error.cause, `esperava um erro de validação, veio: ${error.message}`).toBeInstanceOf(ZodError)
  expect((error.cause as ZodError).issues[0]?.message).toBe(message)
  expect(formatError(error).data.validation?.firstMessage).toBe(message)
  return error
}

/** The answer a call got: its application code, or `ok`. */
export async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call
    return 'ok'
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined
    if (cause instanceof AppError) return cause.appCode
    throw error
  }
}
