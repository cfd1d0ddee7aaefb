import { initTRPC, TRPCError } from '@trpc/server'
import { ZodError, z } from 'zod'
import { AppError, appError } from '../errors'
import { refreshIdentity } from '../people/auth/identity'
import { clientFacingError } from './client-errors'
import type { Context } from './context'

/** Every procedure declares who may call it; a test walks the router and checks each one. */
export type Tier = 'public' | 'session' | 'signedIn' | 'approved' | 'moderator' | 'admin'
/**
 * Whether an answer may be kept in memory and served again until the next write that matters
 * (server/http/answer-cache.ts): 'visitor', one answer for every visitor; 'member', that too and each
 * session's own; 'never' (the default). Only for a query whose answer depends on nothing but its input,
 * the caller and the database, never on the clock; a mutation or subscription declaring it stops the
 * app at start (server/trpc/procedures.ts).
 */
export type Cacheability = 'visitor' | 'member' | 'never'
export type ProcedureMeta = { tier: Tier; cache?: Cacheability }

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Subscriptions are served over the WebSocket only (see server/http/api-edge.ts).
    sse: { enabled: false },
    errorFormatter({ shape, error, ctx, path }) {
      const zodError = error.cause instanceof ZodError ? error.cause : null
      const appCause = error.cause instanceof AppError ? error.cause : null
      const { message, requestId, appCode } = clientFacingError({
        error,
        path,
        deliberate: appCause !== null || zodError !== null,
        logger: ctx?.logger,
        requestId: ctx?.request.requestId,
      })
      return {
        ...shape,
        // zod's own message is its issues as JSON: the first issue says it in Portuguese.
        message: zodError ? (zodError.issues[0]?.message ?? message) : message,
        data: {
          ...shape.data,
          // Stack traces stay on the server.
          stack: undefined,
          requestId,
          appCode: appCause?.appCode ?? appCode,
          validation: zodError
            ? { firstMessage: zodError.issues[0]?.message ?? null, ...z.flattenError(zodError) }
            : null,
        },
      }
    },
  })

export const router = t.router
export const createCallerFactory = t.createCallerFactory
export const mergeRouters = t.mergeRouters

/**
 * Every procedure starts here: a refusal a domain module raised (AppError, which knows nothing of
 * tRPC) is answered with its status and code; anything else stays a fault.
 */
const baseProcedure = t.procedure.use(async function answerRefusals({ next, type }) {
  const result = await next()
  if (result.ok) {
    return type === 'subscription' && isAsyncIterable(result.data)
      ? { ...result, data: refusalsAnswered(result.data) }
      : result
  }
  if (!(result.error.cause instanceof AppError)) return result
  return { ...result, error: asTRPCError(result.error.cause) }
})

function asTRPCError(refusal: AppError): TRPCError {
  return new TRPCError({ code: refusal.status, message: refusal.message, cause: refusal })
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value

/**
 * A subscription's stream runs after every middleware returned: a refusal it raises on the way (a
 * connection over its limit, a session that ended) is answered here, as the middleware answers calls.
 * The stream's own iterator is wrapped in one object rather than another async generator, whose
 * state and pending promises would be kept by every open subscription.
 */
function refusalsAnswered(stream: AsyncIterable<unknown>): AsyncIterableIterator<unknown> {
  return new RefusalsAnswered(stream[Symbol.asyncIterator]())
}

class RefusalsAnswered implements AsyncIterableIterator<unknown> {
  constructor(private readonly inner: AsyncIterator<unknown>) {}

  next() {
    return this.inner.next().catch(answerRefusal)
  }

  return(value?: unknown) {
    return this.inner.return
      ? this.inner.return(value).catch(answerRefusal)
      : Promise.resolve({ done: true as const, value })
  }

  [Symbol.asyncIterator]() {
    return this
  }
}

function answerRefusal(error: unknown): never {
  throw error instanceof AppError ? asTRPCError(error) : error
}

export const publicProcedure = baseProcedure.meta({ tier: 'public' })

/**
 * Signed in, whether or not the mailbox was proven yet: only what the waiting screen needs (who am I,
 * resend the confirmation link, live account changes). Until the address is confirmed, whoever signed
 * up may be anyone who knows it.
 */
export const sessionProcedure = baseProcedure.meta({ tier: 'session' }).use(function requireSession({
  ctx,
  next,
}) {
  // A WebSocket context was built when the connection opened: re-read who is behind it on every call.
  const { session, user } =
    ctx.request.sessionToken === undefined ? ctx : refreshIdentity(ctx, ctx.request.sessionToken)
  if (session?.twoFactorPending) throw appError('TWO_FACTOR_REQUIRED')
  if (!user || !session) throw appError('UNAUTHENTICATED')
  // Only what changes, which tRPC merges into the context. The checks below call next() bare, which
  // passes the context on as it is: given one, tRPC copies every key of the old and the new.
  return next({ ctx: { user, session } })
})

/** Signed in with a confirmed institutional e-mail (approved or not yet). */
export const signedInProcedure = sessionProcedure.meta({ tier: 'signedIn' }).use(function requireConfirmed({
  ctx,
  next,
}) {
  if (!ctx.user.emailVerified) throw appError('EMAIL_NOT_VERIFIED')
  return next()
})

/** Approved by an administrator and with a confirmed institutional e-mail: a full member. */
export const approvedProcedure = signedInProcedure.meta({ tier: 'approved' }).use(function requireApproved({
  ctx,
  next,
}) {
  if (!ctx.user.approved) throw appError('NOT_APPROVED')
  // A suspended member keeps signing in, to read why and until when (auth.me), and nothing more.
  if (ctx.user.suspension) throw appError('ACCOUNT_SUSPENDED')
  return next()
})

export const moderatorProcedure = approvedProcedure
  .meta({ tier: 'moderator' })
  .use(function requireModerator({ ctx, next }) {
    if (!ctx.user.roles.includes('moderator') && !ctx.user.roles.includes('admin')) {
      throw appError('FORBIDDEN')
    }
    return next()
  })

export const adminProcedure = approvedProcedure.meta({ tier: 'admin' }).use(function requireAdmin({
  ctx,
  next,
}) {
  if (!ctx.user.roles.includes('admin')) throw appError('FORBIDDEN')
  // Whoever can approve accounts and change roles signs in with two factors, in this very session: a
  // code after the password, or a passkey, which is both.
  if (!ctx.user.twoFactorEnabled && !ctx.user.hasPasskey) {
    throw appError('TWO_FACTOR_ENROLMENT_REQUIRED')
  }
  if (!ctx.session.secondFactorAt) throw appError('TWO_FACTOR_SESSION_REQUIRED')
  return next()
})
