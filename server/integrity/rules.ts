import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm'
import {
  INTEGRITY_ACTION_LABELS,
  INTEGRITY_RULES_MAX,
  normalizeIntegrityPhrase,
  normalizeIntegrityText,
} from '../../shared/integrity'
import type { IntegrityRuleInput } from '../../shared/schemas/integrity'
import { memberCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import { communities, integrityRuleSeeds, integrityRules, listings, profiles, reports } from '../db/schema'
import { appError } from '../errors'
import { isLiveListing } from '../listings/visibility'
import type { CurrentUser } from '../people/auth/identity'
import { memberNameColumns } from '../people/profiles/member-columns'
import { publishAdminChange } from '../safety/moderation/badges'
import { logModeration } from '../safety/moderation/log'
import { listingSnapshot, snapshotPerson } from '../safety/reports/snapshot'
import type { AppServices } from '../services'
import { DEFAULT_INTEGRITY_RULES } from './default-rules'
import { type IntegrityRuleRow, integrityVerdict, phraseMatcher } from './verdict'

const ruleColumns = {
  id: integrityRules.id,
  phrase: integrityRules.phrase,
  action: integrityRules.action,
  reason: integrityRules.reason,
}

/** A community's rules, refusals first, in the order they were written. */
export function rulesOf(db: Database, communityId: number): IntegrityRuleRow[] {
  return db
    .select(ruleColumns)
    .from(integrityRules)
    .where(eq(integrityRules.communityId, communityId))
    .orderBy(desc(sql`${integrityRules.action} = 'refuse'`), asc(integrityRules.id))
    .all()
}

/**
 * Gives each community that never had them the default rules, once: afterwards the rules are its
 * admins', and a rule they deleted stays deleted after a restart.
 */
export function seedIntegrityRules(db: Database, now = new Date()): void {
  db.transaction((tx) => {
    const unseeded = tx
      .select({ id: communities.id })
      .from(communities)
      .leftJoin(integrityRuleSeeds, eq(integrityRuleSeeds.communityId, communities.id))
      .where(isNull(integrityRuleSeeds.communityId))
      .all()
    for (const community of unseeded) {
      tx.insert(integrityRules)
        .values(
          DEFAULT_INTEGRITY_RULES.map((rule) => ({
            communityId: community.id,
            ...rule,
            phrase: normalizeIntegrityPhrase(rule.phrase),
          })),
        )
        .onConflictDoNothing()
        .run()
      tx.insert(integrityRuleSeeds).values({ communityId: community.id, seededAt: now }).run()
    }
  })
}

/**
 * The refusal of a publication a rule forbids: the rule's reason, and where the community's rules are
 * explained. Nothing is written.
 */
export function assertNotForbidden(db: Database, communityId: number, texts: readonly string[]) {
  const verdict = integrityVerdict(rulesOf(db, communityId), texts)
  if (verdict.kind === 'refuse') {
    throw appError('INTEGRITY_REFUSED', verdict.rule.reason)
  }
  return verdict.kind === 'review' ? verdict.rules : []
}

type FlaggedTarget =
  | { type: 'listing'; id: number }
  | {
      type: 'wanted'
      id: number
      title: string
      details: string | null
      maxPriceCents: number | null
      categoryName: string
    }

/**
 * A publication the review rules matched goes to the community's Denúncias queue, with no reporter
 * and the rules in the details. Edited again while still waiting, the same entry is brought up to
 * date instead of a second one.
 */
export function queueForReview(
  services: Pick<AppServices, 'db' | 'bus'>,
  {
    communityId,
    authorId,
    target,
    rules,
  }: {
    communityId: number
    authorId: number
    target: FlaggedTarget
    rules: readonly IntegrityRuleRow[]
  },
) {
  const { db } = services
  if (rules.length === 0) return
  const snapshot =
    target.type === 'listing'
      ? listingSnapshot(db, target.id, authorId)
      : {
          type: 'wanted' as const,
          title: target.title,
          details: target.details,
          maxPriceCents: target.maxPriceCents,
          categoryName: target.categoryName,
          poster: snapshotPerson(db, authorId),
        }
  if (!snapshot) return
  const details = rules
    .map(
      (rule) =>
        `Regra “${rule.phrase}” (${INTEGRITY_ACTION_LABELS[rule.action].toLowerCase()}): ${rule.reason}`,
    )
    .join('\n')
    .slice(0, 1000)
  const waiting = db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.communityId, communityId),
        eq(reports.targetType, target.type),
        eq(reports.targetId, target.id),
        eq(reports.reason, 'integrity'),
        eq(reports.status, 'open'),
        isNull(reports.reporterId),
      ),
    )
    .get()
  if (waiting) {
    db.update(reports).set({ details, snapshot }).where(eq(reports.id, waiting.id)).run()
  } else {
    db.insert(reports)
      .values({
        communityId,
        reporterId: null,
        targetType: target.type,
        targetId: target.id,
        targetUserId: authorId,
        reason: 'integrity',
        details,
        snapshot,
      })
      .run()
  }
  publishAdminChange(services.bus, communityId)
}

// ---------------------------------------------------------------- the admins' editing

/** Admin → Integridade acadêmica: the community's rules. */
export function integrityRulesForAdmin(db: Database, admin: CurrentUser) {
  return rulesOf(db, memberCommunityId(admin))
}

function assertPhraseFree(db: Database, communityId: number, phrase: string, exceptId?: number) {
  const taken = db
    .select({ id: integrityRules.id })
    .from(integrityRules)
    .where(and(eq(integrityRules.communityId, communityId), eq(integrityRules.phrase, phrase)))
    .get()
  if (taken && taken.id !== exceptId) throw appError('INTEGRITY_RULE_TAKEN')
}

export function createIntegrityRule(db: Database, admin: CurrentUser, input: IntegrityRuleInput) {
  const communityId = memberCommunityId(admin)
  const total =
    db
      .select({ total: count() })
      .from(integrityRules)
      .where(eq(integrityRules.communityId, communityId))
      .get()?.total ?? 0
  if (total >= INTEGRITY_RULES_MAX) throw appError('INTEGRITY_RULES_TOO_MANY')
  assertPhraseFree(db, communityId, input.phrase)
  return db.transaction(() => {
    const created = db
      .insert(integrityRules)
      .values({ communityId, ...input })
      .returning(ruleColumns)
      .get()
    logModeration(db, {
      communityId,
      moderatorId: admin.id,
      actionType: 'create_integrity_rule',
      targetType: 'integrity_rule',
      targetId: created.id,
      reason: created.phrase,
    })
    return created
  })
}

export function updateIntegrityRule(db: Database, admin: CurrentUser, id: number, input: IntegrityRuleInput) {
  const communityId = memberCommunityId(admin)
  assertPhraseFree(db, communityId, input.phrase, id)
  return db.transaction(() => {
    const updated = db
      .update(integrityRules)
      .set(input)
      .where(and(eq(integrityRules.id, id), eq(integrityRules.communityId, communityId)))
      .returning(ruleColumns)
      .get()
    if (!updated) throw appError('INTEGRITY_RULE_NOT_FOUND')
    logModeration(db, {
      communityId,
      moderatorId: admin.id,
      actionType: 'update_integrity_rule',
      targetType: 'integrity_rule',
      targetId: id,
      reason: updated.phrase,
    })
    return updated
  })
}

export function deleteIntegrityRule(db: Database, admin: CurrentUser, id: number) {
  const communityId = memberCommunityId(admin)
  db.transaction(() => {
    const deleted = db
      .delete(integrityRules)
      .where(and(eq(integrityRules.id, id), eq(integrityRules.communityId, communityId)))
      .returning({ phrase: integrityRules.phrase })
      .get()
    if (!deleted) throw appError('INTEGRITY_RULE_NOT_FOUND')
    logModeration(db, {
      communityId,
      moderatorId: admin.id,
      actionType: 'delete_integrity_rule',
      targetType: 'integrity_rule',
      targetId: id,
      reason: deleted.phrase,
    })
  })
}

/** Live listings a preview reads, newest first: enough for a community, bounded for a huge one. */
const PREVIEW_SCAN_MAX = 5_000
const PREVIEW_SHOWN_MAX = 20

/**
 * Which live listings of the community a phrase would catch, before the admin saves it: the newest
 * matches and how many of the listings read matched. A word of the phrase that must appear narrows
 * the listings read in SQL, on the folded text the search keeps.
 */
export function previewIntegrityPhrase(db: Database, admin: CurrentUser, phrase: string) {
  const communityId = memberCommunityId(admin)
  const test = phraseMatcher(phrase)
  // The longest plain word (no alternatives, no ending left open) must be in the text somewhere.
  const required = phrase
    .split(' ')
    .filter((token) => token !== '*' && !token.includes('|'))
    .map((token) => token.replace(/\*$/, ''))
    .sort((a, b) => b.length - a.length)[0]
  const conditions = [eq(listings.communityId, communityId), isLiveListing]
  if (required && required.length >= 3) conditions.push(sql`instr(${listings.searchText}, ${required}) > 0`)
  const candidates = db
    .select({
      id: listings.id,
      title: listings.title,
      description: listings.description,
      seller: memberNameColumns,
    })
    .from(listings)
    .innerJoin(profiles, eq(profiles.userId, listings.sellerId))
    .where(and(...conditions))
    .orderBy(desc(listings.listedAt), desc(listings.id))
    .limit(PREVIEW_SCAN_MAX + 1)
    .all()
  const scanned = candidates.slice(0, PREVIEW_SCAN_MAX)
  const matched = scanned.filter((listing) =>
    [listing.title, listing.description].some((text) => test(normalizeIntegrityText(text))),
  )
  return {
    phrase,
    total: matched.length,
    /** True when more live listings than were read could hold the phrase. */
    partial: candidates.length > PREVIEW_SCAN_MAX,
    listings: matched.slice(0, PREVIEW_SHOWN_MAX).map(({ description: _d, ...listing }) => listing),
  }
}
