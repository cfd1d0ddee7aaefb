import { relations, sql } from 'drizzle-orm'
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core'
import { DEAL_STATUSES, MEETING_STATUSES, OFFER_STATUSES } from '../../shared/deals'
import {
  BANNER_PLACEMENTS,
  EVENT_STATUSES,
  LISTING_CONDITIONS,
  LISTING_HOLDS,
  LISTING_STATUSES,
  MODERATION_STATUSES,
  ROLES,
} from '../../shared/domain'
import { INTEGRITY_ACTIONS } from '../../shared/integrity'
import { PUSH_KINDS } from '../../shared/push'
import {
  EMAIL_KINDS,
  NOTIFICATION_KINDS,
  REPORT_REASONS,
  REPORT_RESOLUTIONS,
  REPORT_TARGETS,
  SANCTION_KINDS,
} from '../../shared/safety'
import type { PasskeyTransport } from '../../shared/schemas/passkeys'
import { WANTED_STATUSES } from '../../shared/schemas/wanted'

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date())

/** The row's own id, given by SQLite. */
const autoId = () => integer('id').primaryKey({ autoIncrement: true })

/** The row this one belongs to: always set, and deleting it deletes this one. */
const belongsTo = (name: string, parent: () => AnySQLiteColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' })

/** A member the row belongs to or names; it goes with the member's row. */
const memberRef = (name: string) => belongsTo(name, () => users.id)

/** The community the row is scoped to. */
const communityRef = () =>
  integer('community_id')
    .notNull()
    .references(() => communities.id)

const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdate(() => new Date())

// ---------------------------------------------------------------- communities

export const communities = sqliteTable('communities', {
  id: autoId(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  universityName: text('university_name').notNull(),
  /** Sign-up is open only to addresses of this domain (lower-case, no @). */
  emailDomain: text('email_domain').notNull().unique(),
  /** false: announced as 'em breve', closed for sign-up. */
  active: integer('active', { mode: 'boolean' }).notNull().default(false),
  primaryColor: text('primary_color').notNull(),
  secondaryColor: text('secondary_color').notNull(),
  timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
  createdAt: createdAt(),
})

/**
 * A community's semester calendar, kept by its admins: calendar days in the community's time zone.
 * Two weeks before a start every member is asked to confirm their institutional e-mail again.
 */
export const semesters = sqliteTable(
  'semesters',
  {
    id: autoId(),
    communityId: belongsTo('community_id', () => communities.id),
    /** As the community calls it, e.g. '2026/2'. */
    name: text('name').notNull(),
    /** 'YYYY-MM-DD'. */
    startsOn: text('starts_on').notNull(),
    endsOn: text('ends_on').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('semesters_ends_after_start', sql`${t.endsOn} > ${t.startsOn}`),
    uniqueIndex('semesters_community_start_idx').on(t.communityId, t.startsOn),
  ],
)

// ---------------------------------------------------------------- auth

export const users = sqliteTable('users', {
  id: autoId(),
  /** Always stored lower-case. */
  email: text('email').notNull().unique(),
  emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp_ms' }),
  /** Null for accounts that only sign in with Google. */
  passwordHash: text('password_hash'),
  /**
   * Set when the account is deleted. The row stays as an anonymous tombstone so the other side of a
   * conversation keeps its messages ('Conta removida'); e-mail and personal data are wiped.
   */
  deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  /** TOTP secret (base64), set at enrolment; two-factor is on once totpEnabledAt is set. */
  totpKey: text('totp_key'),
  totpEnabledAt: integer('totp_enabled_at', { mode: 'timestamp_ms' }),
  /** The last 30-second step a code was accepted for: a code works once. */
  totpLastStep: integer('totp_last_step'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the token, hex; the token itself only ever lives in the user's cookie. */
    id: text('id').primaryKey(),
    userId: memberRef('user_id'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }).notNull(),
    /** When the password (or Google) was last proven in this session, for reauthentication. */
    authenticatedAt: integer('authenticated_at', { mode: 'timestamp_ms' }).notNull(),
    /** True between the password and the two-factor code: such a session can do nothing else. */
    twoFactorPending: integer('two_factor_pending', { mode: 'boolean' }).notNull().default(false),
    /** When this session proved the second factor (sign-in code or enrolment); the admin area needs it. */
    secondFactorAt: integer('second_factor_at', { mode: 'timestamp_ms' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** When this session's use last went into access_records (at most once an hour). */
    accessRecordedAt: integer('access_recorded_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const ACCESS_KINDS = ['sign_in', 'session_use'] as const

/**
 * Records of access to the application (Marco Civil da Internet, art. 15): date, time and IP of each
 * sign-in and of each session's use, kept six months and then purged. The user id carries no foreign
 * key on purpose: the law's six months outlast a deleted account, so the records stay until purged.
 */
export const accessRecords = sqliteTable(
  'access_records',
  {
    id: autoId(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ACCESS_KINDS }).notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('access_records_user_idx').on(t.userId, t.createdAt),
    index('access_records_created_idx').on(t.createdAt),
  ],
)

export const oauthAccounts = sqliteTable(
  'oauth_accounts',
  {
    provider: text('provider', { enum: ['google'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: memberRef('user_id'),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerUserId] }),
    uniqueIndex('oauth_accounts_user_provider_idx').on(t.userId, t.provider),
  ],
)

export const EMAIL_TOKEN_PURPOSES = [
  'verify_email',
  'reset_password',
  'change_email',
  'reverify_email',
] as const
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number]

/** Single-use links sent by e-mail. Only the SHA-256 of the token is stored. */
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: memberRef('user_id'),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    /** The address the link was sent to (the new one, for an e-mail change). */
    email: text('email').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_purpose_idx').on(t.userId, t.purpose)],
)

/** Single-use recovery codes for two-factor authentication, stored hashed. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: autoId(),
    userId: memberRef('user_id'),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
)

/**
 * Passkeys (WebAuthn credentials) of an account: only the public key is kept. A sign-in with one is
 * both factors at once (something held, unlocked by the device's PIN or biometrics).
 */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: autoId(),
    userId: memberRef('user_id'),
    /** The credential id, base64url, as the authenticator sends it back on every sign-in. */
    credentialId: text('credential_id').notNull().unique(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The WebAuthn user handle (base64url) the authenticator stores with the credential; no e-mail in it. */
    userHandle: text('user_handle').notNull(),
    /** The authenticator's signature counter; one that goes back means a cloned authenticator. */
    counter: integer('counter').notNull().default(0),
    /** 'singleDevice' or 'multiDevice' (synced by a password manager or the platform). */
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: integer('backed_up', { mode: 'boolean' }).notNull(),
    /** JSON array of transports ('internal', 'hybrid', 'usb'…), hints for the browser. */
    transports: text('transports', { mode: 'json' }).$type<PasskeyTransport[]>().notNull(),
    /** The member's own name for it ("Celular", "Notebook"). */
    name: text('name').notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
)

export const PASSKEY_CHALLENGE_PURPOSES = ['register', 'sign_in'] as const

/**
 * WebAuthn challenges handed out and not yet answered: each is spent by its first answer and lasts a
 * few minutes. A registration's belongs to the session that asked; a sign-in's to the browser that
 * asked, by the hash of a short-lived cookie it was given.
 */
export const passkeyChallenges = sqliteTable(
  'passkey_challenges',
  {
    /** base64url. */
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: PASSKEY_CHALLENGE_PURPOSES }).notNull(),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the sign-in cookie's token. */
    holder: text('holder'),
    /** For a registration: the user handle the new credential is created with. */
    userHandle: text('user_handle'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('passkey_challenges_expires_idx').on(t.expiresAt),
    index('passkey_challenges_holder_idx').on(t.holder),
    index('passkey_challenges_session_idx').on(t.sessionId),
  ],
)

// ---------------------------------------------------------------- people

export const profiles = sqliteTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Unique case-insensitively (see the index); null until the profile is completed. */
    username: text('username'),
    fullName: text('full_name').notNull(),
    bio: text('bio'),
    university: text('university'),
    /**
     * The course as the member reads it: the chosen course's name (kept in step when an admin renames
     * it; the choice is in member_courses), or text written before the community had a course list,
     * for an admin to map.
     */
    course: text('course'),
    matricula: text('matricula'),
    avatarUrl: text('avatar_url'),
    /** The upload behind avatarUrl, so replacing the avatar frees exactly that upload. */
    avatarUploadId: text('avatar_upload_id'),
    communityId: integer('community_id').references(() => communities.id),
    approved: integer('approved', { mode: 'boolean' }).notNull().default(false),
    approvedAt: integer('approved_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_username_nocase_idx').on(sql`${t.username} collate nocase`),
    index('profiles_community_created_idx').on(t.communityId, t.approved, t.createdAt),
  ],
)

// ---------------------------------------------------------------- courses

/** A course of a community ("Engenharia Civil"), as its admins keep the list; unique by folded name. */
export const courses = sqliteTable(
  'courses',
  {
    id: autoId(),
    communityId: belongsTo('community_id', () => communities.id),
    name: text('name').notNull(),
    /** The name lower case and without accents: two courses never differ only by those. */
    foldedName: text('folded_name').notNull(),
    /** Seeded by the demo as an example; Admin → Cursos labels it so nobody takes it for the real list. */
    example: integer('example', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('courses_community_name_idx').on(t.communityId, t.foldedName)],
)

/** A discipline of a course ("Cálculo I", code "MAT101"). */
export const disciplines = sqliteTable(
  'disciplines',
  {
    id: autoId(),
    courseId: belongsTo('course_id', () => courses.id),
    name: text('name').notNull(),
    foldedName: text('folded_name').notNull(),
    /** As the university writes it, upper case; null when it has none. */
    code: text('code'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('disciplines_course_name_idx').on(t.courseId, t.foldedName)],
)

/** The course a member chose from their community's list; none while the profile's course is free text. */
export const memberCourses = sqliteTable(
  'member_courses',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: belongsTo('course_id', () => courses.id),
  },
  (t) => [index('member_courses_course_idx').on(t.courseId)],
)

export const userRoles = sqliteTable(
  'user_roles',
  {
    userId: memberRef('user_id'),
    role: text('role', { enum: ROLES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index('user_roles_role_idx').on(t.role)],
)

/**
 * A member's re-verification for one semester: when they were asked (the deadline never comes sooner
 * than two weeks after), and a later deadline an admin granted. Confirming is the account's
 * users.email_verified_at passing the semester's window.
 */
export const reverifications = sqliteTable(
  'reverifications',
  {
    semesterId: belongsTo('semester_id', () => semesters.id),
    userId: memberRef('user_id'),
    noticedAt: integer('noticed_at', { mode: 'timestamp_ms' }),
    extendedUntil: integer('extended_until', { mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.semesterId, t.userId] }), index('reverifications_user_idx').on(t.userId)],
)

/**
 * Egressos: members who let a semester's re-verification deadline pass. They keep reading and talking
 * but publish nothing until they confirm their institutional e-mail again, which deletes the row.
 */
export const alumni = sqliteTable('alumni', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  since: integer('since', { mode: 'timestamp_ms' }).notNull(),
})

// ---------------------------------------------------------------- catalog

export const mainCategories = sqliteTable('main_categories', {
  id: autoId(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  icon: text('icon').notNull(),
  position: integer('position').notNull().default(0),
})

export const subcategories = sqliteTable(
  'subcategories',
  {
    id: autoId(),
    mainCategoryId: integer('main_category_id')
      .notNull()
      .references(() => mainCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    icon: text('icon'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subcategories_main_name_idx').on(t.mainCategoryId, t.name)],
)

/**
 * A live listing, the only kind anybody but its seller and the staff sees: status ativo, not removed
 * by moderation and under no system hold (expired, or paused while its seller is an egresso). The one definition: the partial indexes below and every query use it (see
 * server/listings/visibility.ts). Literals, not bound parameters, so SQLite can prove a query's WHERE
 * matches the indexes'.
 */
export const liveListingCondition = (t: {
  status: AnySQLiteColumn
  moderationStatus: AnySQLiteColumn
  hold: AnySQLiteColumn
}) => sql`${t.status} = 'ativo' and ${t.moderationStatus} = 'active' and ${t.hold} is null`

const sortName = { listedAt: 'recent', vuptsCount: 'vupts', priceCents: 'price' } as const

/** How long a listing stays live before the seller has to renew it. */
export const LISTING_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000

export const listings = sqliteTable(
  'listings',
  {
    id: autoId(),
    communityId: communityRef(),
    sellerId: memberRef('seller_id'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /**
     * The title and the description as the search index compares them (folded, a line apart), kept by
     * triggers. A walk through the newest listings tests its words here without reading the row.
     */
    searchText: text('search_text').notNull().default(''),
    /** Integer centavos: R$ 12,50 is 1250. */
    priceCents: integer('price_cents').notNull(),
    mainCategoryId: integer('main_category_id')
      .notNull()
      .references(() => mainCategories.id),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'restrict' }),
    condition: text('condition', { enum: LISTING_CONDITIONS }).notNull(),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('ativo'),
    moderationStatus: text('moderation_status', { enum: MODERATION_STATUSES }).notNull().default('active'),
    removalReason: text('removal_reason'),
    /** A system hold (see LISTING_HOLDS), apart from the seller's status; null when there is none. */
    hold: text('hold', { enum: LISTING_HOLDS }),
    /**
     * "Reservado": the deal whose accepted offer or agreed meeting the seller reserved the listing for. The
     * listing stays live (filters and sorts unchanged); cleared when that deal lapses or is cancelled.
     */
    reservedByDealId: integer('reserved_by_deal_id').references((): AnySQLiteColumn => deals.id, {
      onDelete: 'set null',
    }),
    /**
     * When the listing stops being live unless renewed; a job turns the passed ones into hold 'expired'.
     * Set on every insert by the application (the column's SQL default, 0, only served the migration).
     */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' })
      .notNull()
      .$defaultFn(() => new Date(Date.now() + LISTING_LIFETIME_MS)),
    /** When the seller was told the listing expires in a week; cleared by renewing. */
    expiryNoticeAt: integer('expiry_notice_at', { mode: 'timestamp_ms' }),
    /** The 'Mais recentes' sort key: publication, moved to now by 'Subir'. */
    listedAt: integer('listed_at', { mode: 'timestamp_ms' })
      .notNull()
      .$defaultFn(() => new Date()),
    views: integer('views').notNull().default(0),
    vuptsCount: integer('vupts_count').notNull().default(0),
    /** The course the listing is for (optional); its disciplines are in listing_disciplines. */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** A book's ISBN, normalised to its 13 digits; null when there is none. */
    isbn: text('isbn'),
    /**
     * What a search finds besides the title and the description: the disciplines' names and codes and
     * the ISBN, kept by the application whenever they change (a third column of the search index).
     */
    tagText: text('tag_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('listings_price_positive', sql`${t.priceCents} > 0`),
    check('listings_counters_non_negative', sql`${t.views} >= 0 and ${t.vuptsCount} >= 0`),
    // The public list: visible rows of one community, each sort with the id as keyset tiebreaker.
    // The newest first also carries what a search walking it tests (the seller for blocks, the filters
    // that have no index of their own, the folded text), so a common word is looked for in the index alone.
    index('listings_public_recent_idx')
      .on(t.communityId, t.listedAt, t.id, t.sellerId, t.condition, t.priceCents, t.searchText)
      .where(liveListingCondition(t)),
    index('listings_public_vupts_idx').on(t.communityId, t.vuptsCount, t.id).where(liveListingCondition(t)),
    index('listings_public_price_idx').on(t.communityId, t.priceCents, t.id).where(liveListingCondition(t)),
    index('listings_public_views_idx').on(t.communityId, t.views, t.createdAt).where(liveListingCondition(t)),
    // A category or subcategory page in each sort walks its own index and stops at the page size.
    ...(['mainCategoryId', 'subcategoryId'] as const).flatMap((filter) =>
      (['listedAt', 'vuptsCount', 'priceCents'] as const).map((sort) =>
        index(
          `listings_public_${filter === 'mainCategoryId' ? 'category' : 'subcategory'}_${sortName[sort]}_idx`,
        )
          .on(t.communityId, t[filter], t[sort], t.id)
          .where(liveListingCondition(t)),
      ),
    ),
    // 'Do meu curso' and the course filter, in each sort, like a category.
    ...(['listedAt', 'vuptsCount', 'priceCents'] as const).map((sort) =>
      index(`listings_public_course_${sortName[sort]}_idx`)
        .on(t.communityId, t.courseId, t[sort], t.id)
        .where(sql`${liveListingCondition(t)} and ${t.courseId} is not null`),
    ),
    index('listings_course_idx').on(t.courseId),
    index('listings_category_recent_idx').on(t.communityId, t.mainCategoryId, t.createdAt, t.id),
    index('listings_subcategory_idx').on(t.subcategoryId),
    index('listings_seller_idx').on(t.sellerId, t.createdAt),
    index('listings_moderation_idx').on(t.communityId, t.moderationStatus, t.createdAt),
    // The expiry jobs walk the unheld listings by expiry, up to now (or a week ahead, for the notice).
    index('listings_expiry_idx').on(t.expiresAt).where(sql`${t.hold} is null`),
  ],
)

/** The disciplines a listing is tagged with; the discipline filter reads them by discipline. */
export const listingDisciplines = sqliteTable(
  'listing_disciplines',
  {
    listingId: belongsTo('listing_id', () => listings.id),
    disciplineId: belongsTo('discipline_id', () => disciplines.id),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.disciplineId] }),
    index('listing_disciplines_discipline_idx').on(t.disciplineId, t.listingId),
  ],
)

/**
 * Live listings (liveListingCondition) per community and main category, kept by triggers on listings
 * (drizzle/0012_live_listing_counts.sql) on every write, whoever makes it: the portal's category
 * counts read a few rows instead of counting the community's listings on every page.
 */
export const liveListingCounts = sqliteTable(
  'live_listing_counts',
  {
    communityId: integer('community_id').notNull(),
    mainCategoryId: integer('main_category_id').notNull(),
    listings: integer('listings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.mainCategoryId] })],
)

/**
 * Live listings per community and seller, kept by the same triggers; a seller's row goes when their
 * last live listing does, so the rows of a community are its sellers with something on sale.
 */
export const liveSellerCounts = sqliteTable(
  'live_seller_counts',
  {
    communityId: integer('community_id').notNull(),
    sellerId: integer('seller_id').notNull(),
    listings: integer('listings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.sellerId] })],
)

export const listingImages = sqliteTable(
  'listing_images',
  {
    id: autoId(),
    listingId: belongsTo('listing_id', () => listings.id),
    uploadId: text('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    /** Public URL of the card-size rendition. */
    cardUrl: text('card_url').notNull(),
    /** Public URL of the full-size rendition. */
    fullUrl: text('full_url').notNull(),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [uniqueIndex('listing_images_listing_position_idx').on(t.listingId, t.position)],
)

/** `chat` photos are private to a conversation: stored apart and never served from the public /uploads. */
export const UPLOAD_KINDS = ['listing', 'avatar', 'event', 'banner', 'chat'] as const
export type UploadKind = (typeof UPLOAD_KINDS)[number]

/**
 * Every processed image. An upload that nothing points to after a grace period is deleted, with its
 * files: people abandon forms after picking photos.
 */
export const uploads = sqliteTable(
  'uploads',
  {
    /** Random id; the files themselves are named by content hash, so one photo uploaded twice is stored once. */
    id: text('id').primaryKey(),
    ownerId: memberRef('owner_id'),
    kind: text('kind', { enum: UPLOAD_KINDS }).notNull(),
    cardKey: text('card_key').notNull(),
    fullKey: text('full_key').notNull(),
    /**
     * The phone rendition (shared/renditions.ts): its own file for a listing, banner or event photo larger
     * than it, else the full one's key. Null for a photo stored before it existed, until the backfill
     * (server/uploads/phone-renditions.ts) makes it.
     */
    phoneKey: text('phone_key'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** Set when a listing, profile, event or banner starts using it. */
    attachedAt: integer('attached_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_unattached_idx').on(t.createdAt).where(sql`${t.attachedAt} is null`)],
)

/** One view per viewer per day, so reloading a page does not inflate its counter. */
export const listingViews = sqliteTable(
  'listing_views',
  {
    listingId: belongsTo('listing_id', () => listings.id),
    viewerId: memberRef('viewer_id'),
    /** UTC day, 'YYYY-MM-DD'. */
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.viewerId, t.day] })],
)

export const favorites = sqliteTable(
  'favorites',
  {
    userId: memberRef('user_id'),
    listingId: belongsTo('listing_id', () => listings.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index('favorites_listing_idx').on(t.listingId)],
)

export const listingVupts = sqliteTable(
  'listing_vupts',
  {
    userId: memberRef('user_id'),
    listingId: belongsTo('listing_id', () => listings.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('listing_vupts_listing_idx').on(t.listingId),
  ],
)

// ---------------------------------------------------------------- procura-se

/**
 * An open wanted post, the only kind the board shows and new listings are matched against: open, not
 * removed by the moderation and not past its expiry (compared with `now` by the caller).
 */
export const liveWantedCondition = (t: { status: AnySQLiteColumn; moderationStatus: AnySQLiteColumn }) =>
  sql`${t.status} = 'open' and ${t.moderationStatus} = 'active'`

/** Procura-se: what a member is looking for. Matched against each new listing of its community. */
export const wantedPosts = sqliteTable(
  'wanted_posts',
  {
    id: autoId(),
    communityId: communityRef(),
    posterId: memberRef('poster_id'),
    title: text('title').notNull(),
    details: text('details'),
    mainCategoryId: integer('main_category_id')
      .notNull()
      .references(() => mainCategories.id),
    /** Centavos; null when any price will do. */
    maxPriceCents: integer('max_price_cents'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    status: text('status', { enum: WANTED_STATUSES }).notNull().default('open'),
    moderationStatus: text('moderation_status', { enum: MODERATION_STATUSES }).notNull().default('active'),
    removalReason: text('removal_reason'),
    /** How many people want it: the poster and everyone who said 'Eu também', kept by triggers on wanted_joins. */
    wantersCount: integer('wanters_count').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('wanted_max_price_positive', sql`${t.maxPriceCents} is null or ${t.maxPriceCents} > 0`),
    // The board and the matching: live posts of one community and category, soonest to expire last.
    index('wanted_live_idx').on(t.communityId, t.mainCategoryId, t.expiresAt).where(liveWantedCondition(t)),
    index('wanted_board_idx').on(t.communityId, t.createdAt).where(liveWantedCondition(t)),
    // 'Mais procurados': the board by how many want each post, the id as keyset tiebreaker.
    index('wanted_popular_idx').on(t.communityId, t.wantersCount, t.id).where(liveWantedCondition(t)),
    index('wanted_poster_idx').on(t.posterId, t.createdAt),
  ],
)

/** 'Eu também': a member who wants what another member's post asks for, told when a listing answers it. */
export const wantedJoins = sqliteTable(
  'wanted_joins',
  {
    wantedId: belongsTo('wanted_id', () => wantedPosts.id),
    userId: memberRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.wantedId, t.userId] }), index('wanted_joins_user_idx').on(t.userId)],
)

/** A listing found to answer a wanted post when it was published: its seller sees 'Alguém procura isto'. */
export const wantedMatches = sqliteTable(
  'wanted_matches',
  {
    wantedId: belongsTo('wanted_id', () => wantedPosts.id),
    listingId: belongsTo('listing_id', () => listings.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.wantedId, t.listingId] }),
    index('wanted_matches_listing_idx').on(t.listingId),
  ],
)

// ---------------------------------------------------------------- chat

export const conversations = sqliteTable(
  'conversations',
  {
    id: autoId(),
    communityId: communityRef(),
    /** The pair is stored ordered (one < two) so a pair has exactly one conversation. */
    participantOne: memberRef('participant_one'),
    participantTwo: memberRef('participant_two'),
    /** The listing the conversation started from, shown as context. */
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('conversations_ordered_pair', sql`${t.participantOne} < ${t.participantTwo}`),
    uniqueIndex('conversations_pair_idx').on(t.participantOne, t.participantTwo),
    index('conversations_one_updated_idx').on(t.participantOne, t.updatedAt),
    index('conversations_two_updated_idx').on(t.participantTwo, t.updatedAt),
  ],
)

export const messages = sqliteTable(
  'messages',
  {
    id: autoId(),
    conversationId: belongsTo('conversation_id', () => conversations.id),
    /** Null once the sender deleted the account: the text stays for the other party, anonymised. */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    index('messages_unread_idx').on(t.conversationId, t.senderId).where(sql`${t.read} = 0`),
  ],
)

/** Photos sent with a message (at most CHAT_PHOTOS_MAX), only ever served to the conversation's two members. */
export const messagePhotos = sqliteTable(
  'message_photos',
  {
    id: autoId(),
    messageId: belongsTo('message_id', () => messages.id),
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [
    uniqueIndex('message_photos_message_position_idx').on(t.messageId, t.position),
    index('message_photos_upload_idx').on(t.uploadId),
  ],
)

// ---------------------------------------------------------------- events

export const events = sqliteTable(
  'events',
  {
    id: autoId(),
    communityId: communityRef(),
    organizerId: memberRef('organizer_id'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Local date and time in the community's time zone, as the organizer typed them. */
    eventDate: text('event_date').notNull(),
    eventTime: text('event_time').notNull(),
    /** The same instant in UTC, for ordering and the upcoming/past split. */
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    location: text('location').notNull(),
    maxParticipants: integer('max_participants'),
    attendeesCount: integer('attendees_count').notNull().default(0),
    imageUrl: text('image_url'),
    /** The upload behind imageUrl, so replacing the picture frees exactly that upload. */
    imageUploadId: text('image_upload_id'),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('pendente'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'events_capacity',
      sql`${t.maxParticipants} is null or ${t.attendeesCount} <= ${t.maxParticipants}`,
    ),
    index('events_public_idx').on(t.communityId, t.status, t.startsAt),
    index('events_moderation_idx').on(t.communityId, t.status, t.createdAt),
    index('events_organizer_idx').on(t.organizerId),
  ],
)

export const eventAttendees = sqliteTable(
  'event_attendees',
  {
    eventId: belongsTo('event_id', () => events.id),
    userId: memberRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_attendees_user_idx').on(t.userId)],
)

/**
 * The attendees whose RSVP the organizer was already told of: leaving and joining again, however
 * often, tells them nothing new.
 */
export const eventRsvpNotices = sqliteTable(
  'event_rsvp_notices',
  {
    eventId: belongsTo('event_id', () => events.id),
    userId: memberRef('user_id'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
)

/**
 * The queue of a full event. `id` keeps the order of arrival: when a place frees up, the lowest id is
 * seated, in the same transaction that freed it (see promoteWaitlist in server/events/waitlist.ts).
 */
export const eventWaitlist = sqliteTable(
  'event_waitlist',
  {
    id: autoId(),
    eventId: belongsTo('event_id', () => events.id),
    userId: memberRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_waitlist_member_idx').on(t.eventId, t.userId),
    index('event_waitlist_queue_idx').on(t.eventId, t.id),
    index('event_waitlist_user_idx').on(t.userId),
  ],
)

/**
 * A member's ticket to an event: the short code shown at the door (typed or in a QR code). Issued with
 * the first confirmed place and kept when the member leaves, so that a cancelled presence is refused by
 * name at the check-in; valid only while the member is among event_attendees.
 */
export const eventTickets = sqliteTable(
  'event_tickets',
  {
    eventId: belongsTo('event_id', () => events.id),
    userId: memberRef('user_id'),
    code: text('code').notNull(),
    createdAt: createdAt(),
    checkedInAt: integer('checked_in_at', { mode: 'timestamp_ms' }),
    checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    // Unique per event; led by the code, so a code typed at another event's door is found too.
    uniqueIndex('event_tickets_code_idx').on(t.code, t.eventId),
    index('event_tickets_user_idx').on(t.userId),
  ],
)

// ---------------------------------------------------------------- deals: offers, meetings, reviews

/**
 * A deal: one listing (or a bundle of listings of the same seller) negotiated between the two members of
 * a conversation, with its own offers, meeting and hand-off. A conversation holds any number of deals;
 * a listing is in at most one open deal of a conversation. `concluido` once its hand-off is confirmed.
 */
export const deals = sqliteTable(
  'deals',
  {
    id: autoId(),
    conversationId: belongsTo('conversation_id', () => conversations.id),
    sellerId: memberRef('seller_id'),
    buyerId: memberRef('buyer_id'),
    status: text('status', { enum: DEAL_STATUSES }).notNull().default('aberto'),
    /** The last offer, proposal or hand-off in the deal: the inbox orders and counts by it. */
    activityAt: integer('activity_at', { mode: 'timestamp_ms' }),
    /** Who acted last, so the inbox counts the activity as unread only for the other side. */
    activityById: integer('activity_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When each side last opened the conversation: deal activity after it is unread for that side. */
    sellerSeenAt: integer('seller_seen_at', { mode: 'timestamp_ms' }),
    buyerSeenAt: integer('buyer_seen_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('deals_two_sides', sql`${t.sellerId} <> ${t.buyerId}`),
    index('deals_conversation_idx').on(t.conversationId, t.id),
    index('deals_seller_idx').on(t.sellerId, t.status),
  ],
)

/** The listings of a deal: one, or several of the same seller for a bundle ("Levo os três"). */
export const dealListings = sqliteTable(
  'deal_listings',
  {
    dealId: belongsTo('deal_id', () => deals.id),
    listingId: belongsTo('listing_id', () => listings.id),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.listingId] }),
    index('deal_listings_listing_idx').on(t.listingId),
  ],
)

/**
 * "Fazer uma oferta": a price for the listing a conversation is about, made by the buyer or, as a
 * counter, by the seller. Only the latest offer of a conversation is open (one partial unique index).
 */
export const offers = sqliteTable(
  'offers',
  {
    id: autoId(),
    conversationId: belongsTo('conversation_id', () => conversations.id),
    /** Set on every offer (the migration moved the older ones onto deals). */
    dealId: integer('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    /** The deal's first listing, as the offer was made. */
    listingId: belongsTo('listing_id', () => listings.id),
    buyerId: memberRef('buyer_id'),
    sellerId: memberRef('seller_id'),
    /** Who made this offer: the buyer, or the seller countering. */
    madeById: memberRef('made_by_id'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('aberta'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    answeredAt: integer('answered_at', { mode: 'timestamp_ms' }),
    /** The listing whose leaving the sale closed this offer (`encerrada`), to say which one left. */
    closedByListingId: integer('closed_by_listing_id').references(() => listings.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    check('offers_amount_positive', sql`${t.amountCents} > 0`),
    index('offers_conversation_idx').on(t.conversationId, t.id),
    index('offers_deal_idx').on(t.dealId, t.id),
    uniqueIndex('offers_one_open_idx').on(t.dealId).where(sql`${t.status} = 'aberta'`),
    index('offers_open_listing_idx').on(t.listingId).where(sql`${t.status} = 'aberta'`),
    index('offers_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'aberta'`),
  ],
)

/** A safe hand-off spot on campus, managed by the community's admins; retired, never deleted once used. */
export const meetingSpots = sqliteTable(
  'meeting_spots',
  {
    id: autoId(),
    communityId: communityRef(),
    name: text('name').notNull(),
    /** The building or a short description of where exactly. */
    description: text('description').notNull(),
    /** Opening hours on the community's clock, 'HH:MM'. */
    opensAt: text('opens_at').notNull(),
    closesAt: text('closes_at').notNull(),
    /** Days open, one bit a day (WEEKDAY_BITS: Monday 1 … Sunday 64). */
    weekdays: integer('weekdays').notNull().default(31),
    retiredAt: integer('retired_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('meeting_spots_hours', sql`${t.opensAt} < ${t.closesAt}`),
    check('meeting_spots_weekdays', sql`${t.weekdays} between 1 and 127`),
    index('meeting_spots_community_idx').on(t.communityId, t.name),
  ],
)

/**
 * "Combinar entrega": a meeting at a spot, proposed by either side with one to three times; the other side
 * picks one. Once confirmed by the seller's code it is the hand-off that reviews need.
 */
export const meetings = sqliteTable(
  'meetings',
  {
    id: autoId(),
    conversationId: belongsTo('conversation_id', () => conversations.id),
    /** Set on every meeting (the migration moved the older ones onto deals). */
    dealId: integer('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    sellerId: memberRef('seller_id'),
    buyerId: memberRef('buyer_id'),
    spotId: integer('spot_id')
      .notNull()
      .references(() => meetingSpots.id),
    proposedById: memberRef('proposed_by_id'),
    /** The times offered, as a JSON array of epoch milliseconds (one to three). */
    proposedTimes: text('proposed_times', { mode: 'json' }).$type<number[]>().notNull(),
    status: text('status', { enum: MEETING_STATUSES }).notNull().default('proposta'),
    /** The time picked; set from `combinada` on. */
    scheduledAt: integer('scheduled_at', { mode: 'timestamp_ms' }),
    /** SHA-256 of the seller's hand-off code (hex): the code itself is shown, never stored. */
    handoffCodeHash: text('handoff_code_hash'),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    reminderSentAt: integer('reminder_sent_at', { mode: 'timestamp_ms' }),
    cancelledById: integer('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('meetings_conversation_idx').on(t.conversationId, t.id),
    index('meetings_deal_idx').on(t.dealId, t.id),
    index('meetings_seller_idx').on(t.sellerId, t.scheduledAt),
    index('meetings_buyer_idx').on(t.buyerId, t.scheduledAt),
    index('meetings_spot_idx').on(t.spotId),
    // The reminder and the lapse jobs walk the agreed meetings by time.
    index('meetings_agreed_idx').on(t.scheduledAt).where(sql`${t.status} = 'combinada'`),
  ],
)

/**
 * A review of the other side of a confirmed hand-off: one per person per meeting, 1 to 5 stars and an
 * optional comment; the person reviewed may post one public reply. Removed by moderation, kept for the log.
 */
export const reviews = sqliteTable(
  'reviews',
  {
    id: autoId(),
    communityId: communityRef(),
    meetingId: belongsTo('meeting_id', () => meetings.id),
    dealId: integer('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    reviewerId: memberRef('reviewer_id'),
    revieweeId: memberRef('reviewee_id'),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    reply: text('reply'),
    repliedAt: integer('replied_at', { mode: 'timestamp_ms' }),
    /**
     * Whether it moves the average: only the first review of a reviewer about the same member in
     * REVIEW_COUNTED_PER_PAIR_DAYS does; later ones are shown and not counted.
     */
    counted: integer('counted', { mode: 'boolean' }).notNull().default(true),
    removedAt: integer('removed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_stars', sql`${t.stars} between 1 and 5`),
    check('reviews_not_self', sql`${t.reviewerId} <> ${t.revieweeId}`),
    uniqueIndex('reviews_one_per_side_idx').on(t.meetingId, t.reviewerId),
    uniqueIndex('reviews_one_per_side_of_deal_idx').on(t.dealId, t.reviewerId),
    index('reviews_pair_idx').on(t.reviewerId, t.revieweeId, t.createdAt),
    index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt).where(sql`${t.removedAt} is null`),
  ],
)

/**
 * The visible reviews a member received (not removed by moderation), kept by triggers on `reviews`
 * (migration 0018), so a listing card reads the seller's average by primary key instead of a scan of
 * the reviews on the portal's hot path. A member's row goes when their last visible review does.
 */
export const memberRatings = sqliteTable('member_ratings', {
  userId: integer('user_id').primaryKey(),
  reviews: integer('reviews').notNull(),
  starsSum: integer('stars_sum').notNull(),
})

// ---------------------------------------------------------------- banners and moderation

export const advertisements = sqliteTable(
  'advertisements',
  {
    id: autoId(),
    communityId: communityRef(),
    title: text('title').notNull(),
    description: text('description'),
    imageUrl: text('image_url').notNull(),
    /** The upload behind imageUrl; null when the banner points to an image hosted elsewhere. */
    imageUploadId: text('image_upload_id'),
    linkUrl: text('link_url'),
    placement: text('placement', { enum: BANNER_PLACEMENTS }).notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('advertisements_placement_idx').on(t.communityId, t.placement, t.active, t.displayOrder)],
)

export const moderationLog = sqliteTable(
  'moderation_log',
  {
    id: autoId(),
    communityId: integer('community_id').references(() => communities.id),
    /** Null when the actor's account no longer exists (or for a user's own account deletion). */
    moderatorId: integer('moderator_id').references((): AnySQLiteColumn => users.id, {
      onDelete: 'set null',
    }),
    actionType: text('action_type').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_log_created_idx').on(t.communityId, t.createdAt)],
)

// ---------------------------------------------------------------- safety

/** Who blocked whom. Silent: the blocked person is never told; both stop seeing each other. */
export const blocks = sqliteTable(
  'blocks',
  {
    blockerId: memberRef('blocker_id'),
    blockedId: memberRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
)

/**
 * A member's report of a listing, a profile or a chat message. The target's content is copied into
 * `snapshot` when reported, so an edit or a deletion afterwards cannot hide it from the moderators.
 */
export const reports = sqliteTable(
  'reports',
  {
    id: autoId(),
    communityId: communityRef(),
    /** Null once the reporter deleted the account; the report stays for the moderators. */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    /** The member answerable for the target (seller, profile owner, sender): history and sanctions. */
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    /** JSON: what the target showed when it was reported. */
    snapshot: text('snapshot', { mode: 'json' }).notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolution: text('resolution', { enum: REPORT_RESOLUTIONS }),
    resolutionNote: text('resolution_note'),
    resolvedBy: integer('resolved_by').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open report per reporter and target.
    uniqueIndex('reports_open_per_reporter_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_queue_idx').on(t.communityId, t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_target_user_idx').on(t.targetUserId),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
)

/**
 * A community's academic-integrity rule: a phrase (folded, `palavra*` for any ending, a lone `*` for up
 * to three words between) that refuses a listing or a Procura-se post, or publishes it and queues it
 * for the moderation.
 */
export const integrityRules = sqliteTable(
  'integrity_rules',
  {
    id: autoId(),
    communityId: belongsTo('community_id', () => communities.id),
    phrase: text('phrase').notNull(),
    action: text('action', { enum: INTEGRITY_ACTIONS }).notNull(),
    /** What the member reads when the rule refuses, and the moderator when it queues. */
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('integrity_rules_phrase_idx').on(t.communityId, t.phrase)],
)

/**
 * The communities that were given the default academic-integrity rules, once: afterwards the rules are
 * their admins', and a rule they deleted does not come back at a restart.
 */
export const integrityRuleSeeds = sqliteTable('integrity_rule_seeds', {
  communityId: integer('community_id')
    .primaryKey()
    .references(() => communities.id, { onDelete: 'cascade' }),
  seededAt: integer('seeded_at', { mode: 'timestamp_ms' }).notNull(),
})

/** A warning or a suspension given to a member by the moderation. */
export const sanctions = sqliteTable(
  'sanctions',
  {
    id: autoId(),
    userId: memberRef('user_id'),
    communityId: integer('community_id').references(() => communities.id),
    kind: text('kind', { enum: SANCTION_KINDS }).notNull(),
    reason: text('reason').notNull(),
    /** Suspensions only: the member can use Vupt again from this instant. */
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }),
    moderatorId: integer('moderator_id').references((): AnySQLiteColumn => users.id, {
      onDelete: 'set null',
    }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('sanctions_user_idx').on(t.userId, t.kind, t.endsAt)],
)

/**
 * The in-app notification centre. Repeated reactions to one listing are batched into one unread row
 * (`groupKey`, `count`) instead of one row per heart.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: autoId(),
    userId: memberRef('user_id'),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /** Client route the notification opens, relative to the community. */
    link: text('link'),
    groupKey: text('group_key'),
    count: integer('count').notNull().default(1),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId, t.groupKey).where(sql`${t.readAt} is null`),
  ],
)

/** E-mail kinds a member turned off; absent means the e-mail is sent. */
export const emailOptOuts = sqliteTable(
  'email_opt_outs',
  {
    userId: memberRef('user_id'),
    kind: text('kind', { enum: EMAIL_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
)

/**
 * A browser that receives Web Push for a member, tied to the session that turned it on: signing out (or
 * any end of that session) stops the pushes to that device. The endpoint is a URL the server posts to,
 * checked before it is stored and again at each send.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: autoId(),
    userId: memberRef('user_id'),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for the RFC 8291 encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Chrome no Android", from the browser's user agent, to tell devices apart in the list. */
    label: text('label').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
)

/** A member's choice for one push kind; absent, the kind's default (PUSH_ON_BY_DEFAULT, PUSH_PREVIEW_OFF_BY_DEFAULT). */
export const pushPreferences = sqliteTable(
  'push_preferences',
  {
    userId: memberRef('user_id'),
    kind: text('kind', { enum: PUSH_KINDS }).notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    /** Whether the text (a chat message, a notification's detail) shows on the lock screen. */
    preview: integer('preview', { mode: 'boolean' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
)

/** The last chat message each member was sent a digest e-mail about, so a message is mailed once. */
export const chatDigestCursors = sqliteTable('chat_digest_cursors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastMessageId: integer('last_message_id').notNull(),
  sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
})

/**
 * When each member was last e-mailed about each subject (kind and what it is about): other members'
 * actions reach a mailbox at most once a day per subject, however often they repeat.
 */
export const notificationEmails = sqliteTable(
  'notification_emails',
  {
    userId: memberRef('user_id'),
    subject: text('subject').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subject] })],
)

// ---------------------------------------------------------------- relations

export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(profiles, { fields: [users.id], references: [profiles.userId] }),
  roles: many(userRoles),
  sessions: many(sessions),
}))

export const profilesRelations = relations(profiles, ({ one }) => ({
  user: one(users, { fields: [profiles.userId], references: [users.id] }),
  community: one(communities, { fields: [profiles.communityId], references: [communities.id] }),
}))

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
}))

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}))

export const mainCategoriesRelations = relations(mainCategories, ({ many }) => ({
  subcategories: many(subcategories),
}))

export const subcategoriesRelations = relations(subcategories, ({ one }) => ({
  mainCategory: one(mainCategories, {
    fields: [subcategories.mainCategoryId],
    references: [mainCategories.id],
  }),
}))

export const listingsRelations = relations(listings, ({ one, many }) => ({
  seller: one(profiles, { fields: [listings.sellerId], references: [profiles.userId] }),
  community: one(communities, { fields: [listings.communityId], references: [communities.id] }),
  subcategory: one(subcategories, { fields: [listings.subcategoryId], references: [subcategories.id] }),
  mainCategory: one(mainCategories, { fields: [listings.mainCategoryId], references: [mainCategories.id] }),
  images: many(listingImages),
}))

export const listingImagesRelations = relations(listingImages, ({ one }) => ({
  listing: one(listings, { fields: [listingImages.listingId], references: [listings.id] }),
}))

export const conversationsRelations = relations(conversations, ({ many }) => ({
  messages: many(messages),
}))

export const messagesRelations = relations(messages, ({ one, many }) => ({
  conversation: one(conversations, { fields: [messages.conversationId], references: [conversations.id] }),
  photos: many(messagePhotos),
}))

export const messagePhotosRelations = relations(messagePhotos, ({ one }) => ({
  message: one(messages, { fields: [messagePhotos.messageId], references: [messages.id] }),
}))

export const eventsRelations = relations(events, ({ one, many }) => ({
  organizer: one(profiles, { fields: [events.organizerId], references: [profiles.userId] }),
  attendees: many(eventAttendees),
}))

export type User = typeof users.$inferSelect
export type Profile = typeof profiles.$inferSelect
export type Community = typeof communities.$inferSelect
export type Session = typeof sessions.$inferSelect
