import { type Request, type Response, Router } from 'express'
import multer from 'multer'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { CHAT_PHOTO_ROUTE } from '../../shared/chat'
import { UPLOAD_ENDPOINT, UPLOAD_FIELD } from '../../shared/uploads'
import { chatPhotoKeyFor } from '../chat/photos'
import { UPLOAD_KINDS, type UploadKind } from '../db/schema'
import { type AppError, appError } from '../errors'
import { resolveSession } from '../people/auth/identity'
import type { AppServices } from '../services'
import { ImageRejectedError, MAX_UPLOAD_BYTES } from './process-image'
import { UPLOAD_KEY_PATTERN } from './storage'
import { storeImage } from './store-image'

/** Upload ids are UUIDs: anything else is refused before it reaches the database. */
const UPLOAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type UploadRouterOptions = {
  /** Uploads each member may send per window, instead of the shared `uploadsByUser` limit. */
  rateLimit?: { points: number; durationSeconds: number }
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000

/** Room for the multipart framing and the few small fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

/** What the content itself was refused for, answered with its own status. */
const REJECTIONS = {
  not_image: () => appError('UPLOAD_NOT_IMAGE'),
  too_large: () => appError('UPLOAD_TOO_LARGE'),
  too_many_pixels: () => appError('UPLOAD_TOO_MANY_PIXELS'),
} as const

function isUploadKind(value: unknown): value is UploadKind {
  return typeof value === 'string' && (UPLOAD_KINDS as readonly string[]).includes(value)
}

/** Parses the multipart body; resolves with the refusal to answer, or null when the file is in req.file. */
function parseMultipart(parse: ReturnType<multer.Multer['single']>, req: Request, res: Response) {
  return new Promise<AppError | null>((resolve) => {
    parse(req, res, (error: unknown) => {
      if (!error) resolve(null)
      else if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        resolve(REJECTIONS.too_large())
      } else {
        // Other limits (a second file, unknown field, too many fields) and malformed bodies.
        resolve(appError('UPLOAD_BAD_REQUEST'))
      }
    })
  })
}

/**
 * POST /api/uploads (multipart: `file`, plus `kind` in the query or as a field) for approved members,
 * answering UploadedImage; GET of a chat photo for the conversation's members; and, when the files
 * are on this machine, GET /uploads/:key for the public ones. Refusals are thrown as AppError and
 * answered by the app's error handler (server/http/errors.ts), like any fault.
 * Mount after the /api same-origin guard.
 */
export function createUploadRouter(services: AppServices, options: UploadRouterOptions = {}): Router {
  const router = Router()
  const limiter = options.rateLimit
    ? new RateLimiterMemory({
        keyPrefix: 'uploads',
        points: options.rateLimit.points,
        duration: options.rateLimit.durationSeconds,
      })
    : services.rateLimits.uploadsByUser
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  }).single(UPLOAD_FIELD)

  router.post(UPLOAD_ENDPOINT, async (req, res) => {
    // Everything that needs no body comes first, so a refused request is never buffered.
    const { user } = resolveSession(services, req, (cookie) => res.append('Set-Cookie', cookie))
    if (!user) throw appError('UPLOAD_SIGN_IN_REQUIRED')
    if (!user.approved || !user.emailVerified) throw appError('UPLOAD_NOT_APPROVED')
    // Refused as every procedure refuses a suspended member.
    if (user.suspension) throw appError('ACCOUNT_SUSPENDED')
    if (Number(req.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
      // Refused by its declared size: close the connection rather than receive the rest.
      res.set('Connection', 'close')
      throw REJECTIONS.too_large()
    }
    try {
      await limiter.consume(String(user.id))
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error
      res.set('Retry-After', String(Math.ceil(error.msBeforeNext / 1000)))
      throw appError('UPLOAD_RATE_LIMITED')
    }

    const parseFailure = await parseMultipart(parse, req, res)
    if (parseFailure) throw parseFailure
    const kind: unknown = req.query.kind ?? req.body?.kind
    if (!isUploadKind(kind)) throw appError('UPLOAD_BAD_REQUEST')
    if (kind === 'banner' && !user.roles.includes('admin')) throw appError('UPLOAD_KIND_FORBIDDEN')
    if (!req.file) throw appError('UPLOAD_FILE_MISSING')

    try {
      const body = await storeImage(services, user.id, kind, req.file.buffer)
      res.status(201).json(body)
    } catch (error) {
      // Anything else is a fault: logged under the request id, answered with the generic message.
      throw error instanceof ImageRejectedError ? REJECTIONS[error.reason]() : error
    }
  })

  router.get(CHAT_PHOTO_ROUTE, async (req, res, next) => {
    const { user } = resolveSession(services, req, (cookie) => res.append('Set-Cookie', cookie))
    // A conversation's photo is for its two members: never stored, not even by their own browser,
    // which may be a shared campus computer.
    res.set('Cache-Control', 'no-store')
    if (!user) throw appError('UPLOAD_SIGN_IN_REQUIRED')
    const { uploadId, rendition } = req.params
    const key =
      user.approved &&
      user.emailVerified &&
      !user.suspension &&
      UPLOAD_ID_PATTERN.test(uploadId) &&
      (rendition === 'card' || rendition === 'full')
        ? chatPhotoKeyFor(services.db, user, uploadId, rendition)
        : null
    // Someone outside the conversation learns nothing, not even that the photo exists.
    const missing = () => appError('RESOURCE_NOT_FOUND')
    if (!key) throw missing()
    try {
      const data = await services.storage.read(key)
      if (!data) return next(missing())
      res.set({ 'Content-Type': 'image/webp', 'X-Content-Type-Options': 'nosniff' }).send(data)
    } catch (error) {
      next(error)
    }
  })

  const folder = services.storage.localFolder
  if (folder) {
    router.get('/uploads/:key', (req, res, next) => {
      const key = req.params.key
      if (!UPLOAD_KEY_PATTERN.test(key)) {
        res.sendStatus(404)
        return
      }
      res.sendFile(
        key,
        {
          root: folder,
          dotfiles: 'deny',
          // The name is the content's hash: what is under it never changes.
          maxAge: YEAR_MS,
          immutable: true,
          headers: { 'Content-Type': 'image/webp', 'X-Content-Type-Options': 'nosniff' },
        },
        (error?: Error & { status?: number; statusCode?: number }) => {
          if (!error || res.headersSent) return
          if ((error.status ?? error.statusCode) === 404) res.sendStatus(404)
          else next(error)
        },
      )
    })
  }

  return router
}
