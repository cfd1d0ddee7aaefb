/**
 * Re-verification each semester: two weeks before a start every member is asked to confirm their
 * institutional address again, by a single-use link to it; whoever has not confirmed two weeks after the
 * start (and never sooner than two weeks after their notice) becomes an egresso until they do.
 */
import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import { routes } from '../../shared/routes'
import type { ReverificationState } from '../../shared/schemas/semesters'
import { memberUrl } from '../communities/links'
import type { Database } from '../db/client'
import { alumni, communities, profiles, reverifications, users } from '../db/schema'
import { closeOffersOffSale } from '../deals/offer-ends'
import { appError } from '../errors'
import { pauseListingsOf, resumeListingsOf } from '../listings/life'
import { reverificationMail } from '../mail/templates'
import { notify } from '../notifications/notify'
import { linkOwner, spendLinkPoint } from '../people/auth/email-links'
import { consumeEmailToken, issueEmailToken, peekEmailToken } from '../people/auth/email-tokens'
import type { CurrentUser, RequestScope } from '../people/auth/identity'
import { consumeAll } from '../rate-limits'
import type { AppServices } from '../services'
import {
  currentSemester,
  REVERIFY_GRACE_MS,
  REVERIFY_NOTICE_MS,
  reverificationSemester,
  type Semester,
  semesterStart,
} from './calendar'
import { alumniSince } from './standing'

/** Notices one turn of the job sends at most; the next turn goes on. */
const BATCH = 500

type Community = { id: number; timeZone: string; name: string }
type Progress = { noticedAt: Date | null; extendedUntil: Date | null } | undefined

/** From this instant on, a proven mailbox counts for the semester: the notice's day. */
const windowOpens = (semester: Semester, timeZone: string) =>
  new Date(semesterStart(semester, timeZone).getTime() - REVERIFY_NOTICE_MS)

/**
 * The approved, living members of the community whose address was proven before the semester's
 * window opened: those the semester asks to prove it again.
 */
export const askedBySemester = (community: { id: number; timeZone: string }, semester: Semester) =>
  and(
    eq(profiles.communityId, community.id),
    eq(profiles.approved, true),
    isNull(users.deletedAt),
    lt(users.emailVerifiedAt, windowOpens(semester, community.timeZone)),
  )

/** Two weeks after the start, or after the member's notice if it came later, or the admin's extension. */
export function deadlineOf(semester: Semester, timeZone: string, progress: Progress): Date {
  const start = semesterStart(semester, timeZone).getTime()
  return new Date(
    Math.max(
      start + REVERIFY_GRACE_MS,
      (progress?.noticedAt?.getTime() ?? 0) + REVERIFY_GRACE_MS,
      progress?.extendedUntil?.getTime() ?? 0,
    ),
  )
}

const formatDay = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone, day: 'numeric', month: 'long' }).format(date)

export function memberCommunity(db: Database, userId: number): Community | undefined {
  return db
    .select({ id: communities.id, timeZone: communities.timeZone, name: communities.name })
    .from(profiles)
    .innerJoin(communities, eq(communities.id, profiles.communityId))
    .where(eq(profiles.userId, userId))
    .get()
}

function progressOf(db: Database, semesterId: number, userId: number): Progress {
  return db
    .select({ noticedAt: reverifications.noticedAt, extendedUntil: reverifications.extendedUntil })
    .from(reverifications)
    .where(and(eq(reverifications.semesterId, semesterId), eq(reverifications.userId, userId)))
    .get()
}

export type Standing = {
  state: ReverificationState
  /** The semester holding today, for Minha Conta. */
  currentSemester: { name: string; startsOn: string; endsOn: string } | null
  /** The semester the confirmation is for, while one is pending (or was missed). */
  semester: { name: string; startsOn: string } | null
  deadline: Date | null
  alumniSince: Date | null
  /** The member's community, named in the reason publishing is closed (shared/publishing.ts). */
  communityName: string | null
}

/** Where the member stands: Minha Conta and the egresso banner read it. */
export function reverificationStanding(db: Database, userId: number, now = new Date()): Standing {
  const community = memberCommunity(db, userId)
  const since = alumniSince(db, userId)
  const current = community ? currentSemester(db, community.id, community.timeZone, now) : undefined
  const base = {
    currentSemester: current
      ? { name: current.name, startsOn: current.startsOn, endsOn: current.endsOn }
      : null,
    alumniSince: since,
    communityName: community?.name ?? null,
  }
  const semester = community ? reverificationSemester(db, community.id, community.timeZone, now) : undefined
  const named = semester ? { name: semester.name, startsOn: semester.startsOn } : null
  if (since) return { ...base, state: 'alumni', semester: named, deadline: null }
  if (!community || !semester) return { ...base, state: 'none', semester: null, deadline: null }
  const verifiedAt = db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get()?.at
  if (verifiedAt && verifiedAt >= windowOpens(semester, community.timeZone)) {
    return { ...base, state: 'confirmed', semester: named, deadline: null }
  }
  const progress = progressOf(db, semester.id, userId)
  // Past the notice period with no notice sent (a calendar added or an upgrade mid-semester): nobody is
  // asked without two weeks to answer, so nothing is owed until the next semester.
  const notYetAsked =
    !progress?.noticedAt &&
    now.getTime() >= semesterStart(semester, community.timeZone).getTime() + REVERIFY_GRACE_MS
  if (notYetAsked && !progress?.extendedUntil)
    return { ...base, state: 'none', semester: null, deadline: null }
  return {
    ...base,
    state: 'pending',
    semester: named,
    deadline: deadlineOf(semester, community.timeZone, progress),
  }
}

/** Mails the member a fresh single-use link to their address; earlier links stop working. */
async function mailLink(
  services: AppServices,
  userId: number,
  semester: Semester,
  deadline: Date,
  timeZone: string,
) {
  const member = services.db
    .select({ email: users.email, name: profiles.fullName })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .get()
  if (!member) return
  const token = issueEmailToken(services.db, userId, 'reverify_email', member.email)
  const url = memberUrl(services, userId, routes.reverifyEmail({ token }))
  await services.mailer.send(
    reverificationMail(member.email, member.name, semester.name, formatDay(deadline, timeZone), url),
  )
}

/**
 * The notices of the semesters about to start: each member of a community whose address was proven
 * before the semester's window gets the e-mail with the link and an in-app notice, once. Sent from two
 * weeks before the start until two weeks after it; past that, a semester asks nobody.
 */
export async function sendReverificationNotices(services: AppServices, now = new Date()): Promise<number> {
  const { db } = services
  let sent = 0
  for (const community of db.select().from(communities).where(eq(communities.active, true)).all()) {
    const semester = reverificationSemester(db, community.id, community.timeZone, now)
    if (!semester) continue
    if (now.getTime() >= semesterStart(semester, community.timeZone).getTime() + REVERIFY_GRACE_MS) continue
    const due = db
      .select({ userId: users.id })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .leftJoin(
        reverifications,
        and(eq(reverifications.semesterId, semester.id), eq(reverifications.userId, users.id)),
      )
      .where(and(askedBySemester(community, semester), isNull(reverifications.noticedAt)))
      .orderBy(asc(users.id))
      .limit(BATCH)
      .all()
    for (const { userId } of due) {
      db.insert(reverifications)
        .values({ semesterId: semester.id, userId, noticedAt: now })
        .onConflictDoUpdate({
          target: [reverifications.semesterId, reverifications.userId],
          set: { noticedAt: now },
        })
        .run()
      const deadline = deadlineOf(semester, community.timeZone, progressOf(db, semester.id, userId))
      notify(services, {
        userId,
        kind: 'reverification',
        title: `Confirme seu e-mail institucional até ${formatDay(deadline, community.timeZone)}`,
        body: `O semestre ${semester.name} vai começar. Enviamos um link ao seu e-mail da universidade: sem a confirmação, você continua lendo e conversando, mas deixa de publicar.`,
        link: routes.myAccount(),
      })
      try {
        await mailLink(services, userId, semester, deadline, community.timeZone)
      } catch (error) {
        // The notice in the app stands; the member can ask for the link again in Minha Conta.
        services.logger.error({ err: error, userId }, 'falha ao enviar o e-mail de reconfirmação')
      }
      sent++
    }
  }
  return sent
}

/**
 * Whoever was asked and let the deadline pass becomes an egresso: their live listings are paused
 * until they confirm.
 */
export function applyReverificationDeadlines(services: AppServices, now = new Date()): number {
  const { db } = services
  let changed = 0
  for (const community of db.select().from(communities).all()) {
    const semester = reverificationSemester(db, community.id, community.timeZone, now)
    if (!semester) continue
    const start = semesterStart(semester, community.timeZone).getTime()
    const overdue = db
      .select({ userId: users.id })
      .from(reverifications)
      .innerJoin(users, eq(users.id, reverifications.userId))
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(alumni, eq(alumni.userId, users.id))
      .where(
        and(
          eq(reverifications.semesterId, semester.id),
          isNotNull(reverifications.noticedAt),
          eq(profiles.communityId, community.id),
          isNull(users.deletedAt),
          isNull(alumni.userId),
          lt(users.emailVerifiedAt, windowOpens(semester, community.timeZone)),
          sql`max(${start + REVERIFY_GRACE_MS}, ${reverifications.noticedAt} + ${REVERIFY_GRACE_MS},
            coalesce(${reverifications.extendedUntil}, 0)) <= ${now.getTime()}`,
        ),
      )
      .all()
    for (const { userId } of overdue) {
      db.transaction(() => {
        db.insert(alumni).values({ userId, since: now }).onConflictDoNothing().run()
        pauseListingsOf(db, userId)
      })
      closeOffersOffSale(db, services.bus)
      notify(services, {
        userId,
        kind: 'reverification',
        title: 'Seus anúncios estão pausados',
        body: 'O prazo para confirmar seu e-mail institucional passou. Confirme em Minha Conta para voltar a publicar: seus anúncios voltam ao ar na hora.',
        link: routes.myAccount(),
      })
      services.bus.publish('account', userId, { userId, reason: 'profile' })
      changed++
    }
  }
  return changed
}

/** The member proved their mailbox again: no longer an egresso, and the paused listings come back. */
function markConfirmed(services: AppServices, userId: number, now: Date) {
  const { db } = services
  db.transaction(() => {
    db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId)).run()
    db.delete(alumni).where(eq(alumni.userId, userId)).run()
    resumeListingsOf(db, userId, now)
  })
  services.bus.publish('account', userId, { userId, reason: 'profile' })
}

/**
 * 'Confirmar meu e-mail' in Minha Conta (or the egresso banner): a new link to the member's address,
 * while a confirmation is pending or missed. The address's owner is who clicks it, not this session.
 */
export async function requestReverificationLink(
  services: AppServices,
  user: CurrentUser,
  ip: string,
  now = new Date(),
) {
  const standing = reverificationStanding(services.db, user.id, now)
  if (standing.state !== 'pending' && standing.state !== 'alumni') {
    throw appError('REVERIFICATION_NOT_DUE')
  }
  await consumeAll([
    [services.rateLimits.mailByIp, ip],
    [services.rateLimits.mailByAccount, user.email],
  ])
  const community = memberCommunity(services.db, user.id)
  const semester = community && reverificationSemester(services.db, community.id, community.timeZone, now)
  if (!community || !semester) throw appError('REVERIFICATION_NOT_DUE')
  const deadline = standing.deadline ?? now
  await mailLink(services, user.id, semester, deadline, community.timeZone)
  return { email: user.email }
}

/**
 * The link from the e-mail. It proves the mailbox it was sent to, so it acts for the member it names
 * and nobody else (whoever is signed in on the browser), once, under that member's community, and only
 * while the account still uses that address.
 */
export async function confirmReverification(scope: RequestScope, token: string, now = new Date()) {
  await spendLinkPoint(scope)
  const row = peekEmailToken(scope.db, token, 'reverify_email')
  const user = linkOwner(scope, row ?? null)
  if (!row || !user || !consumeEmailToken(scope.db, token, 'reverify_email')) {
    throw appError('INVALID_TOKEN')
  }
  markConfirmed(scope, user.id, now)
  return { ok: true as const, email: user.email }
}

export const REVERIFICATION_EVERY_MS = 10 * 60 * 1000

/** One turn of the scheduled job (once across instances, under the job lock): deadlines, then notices. */
export async function runReverification(services: AppServices, now = new Date()) {
  const becameAlumni = applyReverificationDeadlines(services, now)
  const noticed = await sendReverificationNotices(services, now)
  return { noticed, alumni: becameAlumni }
}
