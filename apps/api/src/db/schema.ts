import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * The cooperative an installation starts with, and the one every row written before a second
 * cooperative existed belongs to (migration 0027 moved an existing installation's data into it).
 */
export const DEFAULT_COOPERATIVE_ID = '00000000-0000-4000-8000-000000000001';

/**
 * A cooperative served by the installation: its name, short slug, registration number, province and
 * status. Its data lives in the other tables, each row carrying its `cooperative_id`.
 */
export const cooperatives = pgTable(
  'cooperatives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Short, lower-case letters, digits and hyphens: names the cooperative in links. */
    slug: text('slug').notNull(),
    registrationNumber: text('registration_number'),
    province: text('province'),
    /** pending_approval (waiting for the platform operator), active or suspended. */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cooperatives_slug_key').on(t.slug),
    check('cooperatives_status_check', sql`${t.status} in ('pending_approval', 'active', 'suspended')`),
  ],
);

/**
 * The cooperative a walled request works in (db/scope.ts), else the installation's first: a row
 * written without naming its cooperative belongs to the request's, and row-level security refuses
 * it in any other.
 */
const cooperativeDefault = sql.raw(
  `coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '${DEFAULT_COOPERATIVE_ID}'::uuid)`,
);

/**
 * A number people quote (an entry's JE-…, a loan's LN-…), counted per cooperative: left empty by an
 * insert, a trigger takes the next of the row's cooperative from a sequence of its own (migration
 * 0030), so numbers never wait on each other; a restored row keeps its number.
 */
const numberInCooperative = () =>
  bigint('number', { mode: 'number' })
    .notNull()
    .default(sql`null`);

/** The cooperative a row of a cooperative's own data belongs to. */
const cooperativeId = () =>
  uuid('cooperative_id')
    .notNull()
    .default(cooperativeDefault)
    .references((): AnyPgColumn => cooperatives.id, { onDelete: 'restrict' });
/** The same, for rows that may be about a person or the installation rather than one cooperative. */
const cooperativeOf = () =>
  uuid('cooperative_id')
    .default(cooperativeDefault)
    .references((): AnyPgColumn => cooperatives.id, { onDelete: 'restrict' });

/**
 * A person's login: one e-mail address, one password, one second factor, and a third-party identity,
 * whichever cooperatives they belong to. What is a cooperative's about the person (their profile, its
 * review, their roles, their suspension) is in `users`, one row in each cooperative they belong to.
 * An installation upgraded from one cooperative gave each login its account's id.
 */
export const logins = pgTable(
  'logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /** A third-party sign-in is keyed on the provider and its subject, never on the e-mail. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /**
     * When the owner proved control of the e-mail (a verification link or a verified third-party
     * sign-in); null means nobody has, so a verified identity that arrives later takes the login over.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the current password was set by someone who had shown control of the address (or, before
     * the address was proven, when it was set at all). A password set before `emailVerifiedAt` was
     * chosen by whoever registered, who may not own the address; null for a login without one.
     */
    passwordSetAt: timestamp('password_set_at', { withTimezone: true, mode: 'date' }),
    /** The confirmed TOTP secret (RFC 6238), encrypted; two-factor sign-in is on when mfaEnabledAt is set. */
    mfaSecret: text('mfa_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true, mode: 'date' }),
    /** A secret offered during enrolment, waiting for its first code. */
    mfaPendingSecret: text('mfa_pending_secret'),
    /** The TOTP time step of the last accepted code, so that no code is accepted twice. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    /** A generated password that must be replaced at first sign-in (production). */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('logins_email_key').on(t.email), uniqueIndex('logins_oidc_key').on(t.oidcIssuer, t.oidcSubject)],
);

/**
 * A person in one cooperative: their profile and documents as given to it, its review of them, their
 * admin roles there, their suspension and the end of the relationship. The login (`logins`) is the
 * person's across cooperatives; a session is opened for one of these rows.
 */
export const users = pgTable(
  'users',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    loginId: uuid('login_id')
      .notNull()
      .references(() => logins.id, { onDelete: 'restrict' }),
    /** The login's address, kept with the row for the cooperative's lists and mail. */
    email: text('email').notNull(),
    fullName: text('full_name'),
    phoneNumber: text('phone_number'),
    identityType: text('identity_type'),
    nationalId: text('national_id'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    address: text('address'),
    city: text('city'),
    province: text('province'),
    profilePictureUrl: text('profile_picture_url'),
    idDocumentUrl: text('id_document_url'),
    registrationStatus: text('registration_status').notNull().default('pending_kyc'),
    /** Set when the whole submission (profile, photo, ID, both kin) is in and awaiting review. */
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    adminRoles: jsonb('admin_roles')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** active or suspended; a suspended account can neither sign in nor use an old token. */
    accountStatus: text('account_status').notNull().default('active'),
    rejectedFields: jsonb('rejected_fields').$type<string[]>(),
    rejectionReason: text('rejection_reason'),
    /** The last sign-in to this cooperative. */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    /** Which notification categories also come by e-mail; null means all of them. */
    emailPreferences: jsonb('email_preferences').$type<Record<string, boolean>>(),
    /** When the member's relationship with the cooperative ended (an exit completed). */
    relationshipEndedAt: timestamp('relationship_ended_at', { withTimezone: true, mode: 'date' }),
    /** When the retention job erased the personal fields and documents, once the law let it. */
    personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row a person in a cooperative, and one address a cooperative.
    uniqueIndex('users_cooperative_email_key').on(t.cooperativeId, t.email),
    uniqueIndex('users_login_cooperative_key').on(t.loginId, t.cooperativeId),
    index('users_registration_status_idx').on(t.registrationStatus, t.submittedAt),
    // The review queue, oldest submission first: a page reads only its own rows, however long the queue.
    index('users_review_queue_idx')
      .on(t.submittedAt, t.id)
      .where(sql`${t.registrationStatus} = 'pending_kyc' and ${t.submittedAt} is not null and ${t.isAdmin} = false`),
    // The members directory lists non-admins newest first (the same order as its query, ties by id),
    // so a page is read from the index instead of sorting every member.
    index('users_directory_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isAdmin} = false`),
    index('users_account_status_idx').on(t.accountStatus),
    // One ID number per account: a profile's number is looked up before it is saved (kyc/service.ts).
    index('users_national_id_idx').on(sql`upper(${t.nationalId})`),
    index('users_is_admin_idx').on(t.isAdmin),
  ],
);

/**
 * How many members (non-admin accounts) there are, kept by triggers on `users` in the same
 * transaction as every insert, delete or change of `is_admin` (migration 0018), so the members
 * directory shows its total without counting the table on every page. One row, `members`. It is
 * derived: backups leave it out, and restoring the users brings it back.
 */
export const accountCounts = pgTable(
  'account_counts',
  {
    cooperativeId: cooperativeId(),
    name: text('name').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'account_counts_pkey', columns: [t.cooperativeId, t.name] })],
);

/** A signed-in session; the token names it, so signing out ends it on the server. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** Last request that counted as activity; a session idle for too long ends. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the holder last typed their password again to confirm a sensitive change. */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * An invitation to become an admin: a single-use link e-mailed to the invitee, who sets their own
 * password (and enrols two-factor) with it. Only a SHA-256 hash of the link's token is kept.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_invitations_cooperative_idx').on(t.cooperativeId),
    uniqueIndex('staff_invitations_token_key').on(t.tokenHash),
    index('staff_invitations_user_idx').on(t.userId),
  ],
);

/**
 * Single-use links e-mailed to an account's address: a password reset (30 minutes) or a sign-in
 * link (15 minutes). Only a SHA-256 of the random token is kept. `requestedBy` names the staff
 * manager who had a reset sent to an admin; null when the owner asked.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    cooperativeId: cooperativeOf(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** password_reset or sign_in */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_links_cooperative_idx').on(t.cooperativeId),
    uniqueIndex('account_links_token_key').on(t.tokenHash),
    index('account_links_user_idx').on(t.userId, t.purpose),
    index('account_links_requested_by_idx').on(t.requestedBy),
  ],
);

/**
 * Roles given to an admin (at an invitation, or a change that adds a checked role): a maker-checker
 * decision. `roles` is the admin's whole set once approved; a bootstrap grant took effect at once.
 */
export const staffGrants = pgTable(
  'staff_grants',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** invitation or roles */
    kind: text('kind').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull(),
    makerId: uuid('maker_id').references(() => users.id, { onDelete: 'set null' }),
    /** pending, approved or rejected */
    status: text('status').notNull().default('pending'),
    bootstrap: boolean('bootstrap').notNull().default(false),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_grants_cooperative_idx').on(t.cooperativeId),
    index('staff_grants_user_idx').on(t.userId, t.createdAt),
    // One role change waits for approval per admin at a time.
    uniqueIndex('staff_grants_one_pending_key')
      .on(t.cooperativeId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('staff_grants_maker_idx').on(t.makerId),
    index('staff_grants_decided_by_idx').on(t.decidedBy),
  ],
);

/**
 * A one-time code e-mailed to the holder of a session whose account has no password and no
 * two-factor (third-party sign-in only): typed back, it confirms a payout request or an account
 * change as a password would. One per session, ten minutes, five tries.
 */
export const reauthCodes = pgTable('reauth_codes', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  /** HMAC of the session and the code: the code itself is never stored. */
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The second step of a sign-in with two-factor on: the password (or third-party sign-in) was
 * right, and the code is still owed. Lives five minutes, single-use, limited wrong tries.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How the first factor was shown: password or a provider's issuer. */
    method: text('method').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId), index('mfa_challenges_expires_idx').on(t.expiresAt)],
);

/** Single-use recovery codes for a login's two-factor sign-in, kept only as keyed hashes. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loginId: uuid('login_id')
      .notNull()
      .references(() => logins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_login_code_key').on(t.loginId, t.codeHash)],
);

/** Fixed-window counters shared by every API instance through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Append-only record of every decision that moves money or status. */
export const auditLog = pgTable(
  'audit_log',
  {
    cooperativeId: cooperativeOf(),
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** For security events: success, failure or refused. */
    outcome: text('outcome'),
    /** The address and browser the request came from (never a token or a password). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_cooperative_idx').on(t.cooperativeId),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_action_idx').on(t.action),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/** What a member is told in the app (the bell and the notifications page). */
export const notifications = pgTable(
  'notifications',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    category: text('category').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_cooperative_idx').on(t.cooperativeId),
    // A member's list, newest first; also answers the total for the pagination.
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The bell's unread count, polled by every open page: only unread rows are indexed.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
    check('notifications_category_check', sql`${t.category} in ('registration', 'pool', 'payment', 'profit')`),
  ],
);

/**
 * E-mails waiting to go out, written in the transaction of the change they report. A worker
 * claims due rows, sends them and marks them sent, or retries later with back-off.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    cooperativeId: cooperativeOf(),
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** pending (waiting or being sent), sent, or failed (gave up after the last attempt). */
    status: text('status').notNull().default('pending'),
    /** Attempts started so far, counted when a worker claims the row. */
    attempts: integer('attempts').notNull().default(0),
    /** When the row is due; a claim moves it past the claim timeout, so an unfinished claim comes due again. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    claimedBy: text('claimed_by'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_cooperative_idx').on(t.cooperativeId),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Every uploaded file: stored under a random key, answered only to its owner and the right reviewers. */
export const files = pgTable(
  'files',
  {
    cooperativeId: cooperativeOf(),
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_cooperative_idx').on(t.cooperativeId),
    uniqueIndex('files_key_key').on(t.key),
    index('files_owner_id_idx').on(t.ownerId),
  ],
);

/** A member's next of kin (at most two, numbered 1 and 2). */
export const nextOfKin = pgTable(
  'next_of_kin',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nokOrder: integer('nok_order').notNull(),
    fullName: text('full_name').notNull(),
    relationship: text('relationship').notNull(),
    phoneNumber: text('phone_number').notNull(),
    email: text('email'),
    nationalId: text('national_id').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    address: text('address').notNull(),
    passportPhotoUrl: text('passport_photo_url'),
    idDocumentUrl: text('id_document_url'),
    proofOfAddressUrl: text('proof_of_address_url'),
    /** pending, approved or rejected. */
    verificationStatus: text('verification_status').notNull().default('pending'),
    rejectedFields: jsonb('rejected_fields').$type<string[]>(),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('next_of_kin_user_order_key').on(t.cooperativeId, t.userId, t.nokOrder),
    index('next_of_kin_user_idx').on(t.userId),
  ],
);

/** The cooperative's investment pool. Money is integer cents; derived figures are kept by the server only. */
export const pools = pgTable(
  'pools',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    targetAmountCents: bigint('target_amount_cents', { mode: 'number' }).notNull(),
    /** Sum of completed contributions, kept in the same transaction as each payment approval. */
    currentAmountCents: bigint('current_amount_cents', { mode: 'number' }).notNull().default(0),
    totalShares: integer('total_shares').notNull(),
    availableShares: integer('available_shares').notNull(),
    pricePerShareCents: bigint('price_per_share_cents', { mode: 'number' }).notNull(),
    maxMembers: integer('max_members').notNull(),
    totalMembers: integer('total_members').notNull().default(0),
    investmentDuration: integer('investment_duration').notNull(),
    /** The plans on offer: frequencies (monthly, quarterly, yearly, once). */
    paymentFrequencies: jsonb('payment_frequencies').$type<string[]>().notNull(),
    paymentMethods: jsonb('payment_methods').$type<string[]>().notNull(),
    status: text('status').notNull().default('draft'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pools_cooperative_idx').on(t.cooperativeId),
    index('pools_status_idx').on(t.status, t.createdAt),
    index('pools_created_by_idx').on(t.createdBy),
    index('pools_approved_by_idx').on(t.approvedBy),
    check('pools_available_shares_check', sql`${t.availableShares} >= 0 and ${t.availableShares} <= ${t.totalShares}`),
    check('pools_members_check', sql`${t.totalMembers} >= 0 and ${t.totalMembers} <= ${t.maxMembers}`),
    check('pools_amounts_check', sql`${t.currentAmountCents} >= 0 and ${t.targetAmountCents} > 0`),
  ],
);

/** A member's holding in a pool, requested by the member and decided by an admin. */
export const memberships = pgTable(
  'memberships',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    poolId: uuid('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'restrict' }),
    numberOfShares: integer('number_of_shares').notNull(),
    totalCommitmentCents: bigint('total_commitment_cents', { mode: 'number' }).notNull(),
    /** Sum of completed payments, kept in the same transaction as each approval. */
    totalPaidCents: bigint('total_paid_cents', { mode: 'number' }).notNull().default(0),
    actualReturnCents: bigint('actual_return_cents', { mode: 'number' }).notNull().default(0),
    /** Allocated returns paid out since (withdrawals and the exit payout), kept with each payout. */
    returnsPaidCents: bigint('returns_paid_cents', { mode: 'number' }).notNull().default(0),
    installmentPlan: text('installment_plan').notNull(),
    contributionAmountCents: bigint('contribution_amount_cents', { mode: 'number' }).notNull(),
    /** pending, approved or rejected. */
    contributionStatus: text('contribution_status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('memberships_cooperative_idx').on(t.cooperativeId),
    // One live (pending or approved) membership per member and pool; a rejected one may be followed by another.
    uniqueIndex('memberships_live_key')
      .on(t.userId, t.poolId)
      .where(sql`${t.contributionStatus} in ('pending', 'approved')`),
    index('memberships_user_idx').on(t.userId, t.createdAt),
    index('memberships_pool_idx').on(t.poolId, t.contributionStatus),
    index('memberships_status_idx').on(t.contributionStatus, t.createdAt, t.id),
    index('memberships_decided_by_idx').on(t.decidedBy),
    check(
      'memberships_amounts_check',
      sql`${t.totalPaidCents} >= 0 and ${t.totalPaidCents} <= ${t.totalCommitmentCents}`,
    ),
  ],
);

/**
 * A membership's contribution calendar: each instalment's day and amount, written with the approval
 * (and backfilled for memberships approved before). What is paid of each is not stored: payments fill
 * the instalments in order, so it follows from the membership's total paid against `cumulative_cents`.
 */
export const contributionInstalments = pgTable(
  'contribution_instalments',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** This instalment and all before it: what must be paid by its day. */
    cumulativeCents: bigint('cumulative_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contribution_instalments_cooperative_idx').on(t.cooperativeId),
    uniqueIndex('contribution_instalments_membership_number_key').on(t.membershipId, t.number),
    // The register reads a month's instalments; the arrears list those whose day has passed.
    index('contribution_instalments_due_idx').on(t.dueOn, t.membershipId),
    check(
      'contribution_instalments_amounts_check',
      sql`${t.amountCents} >= 0 and ${t.cumulativeCents} >= ${t.amountCents} and ${t.number} >= 1`,
    ),
  ],
);

/** Money movements: contributions paid in with proof, and later returns, fees, withdrawals and refunds. */
export const payments = pgTable(
  'payments',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    poolId: uuid('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'restrict' }),
    membershipId: uuid('membership_id').references(() => memberships.id, { onDelete: 'restrict' }),
    type: text('type').notNull().default('contribution'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** pending, completed, rejected or failed. */
    status: text('status').notNull().default('pending'),
    paymentMethod: text('payment_method'),
    proofOfPaymentUrl: text('proof_of_payment_url'),
    description: text('description'),
    failureReason: text('failure_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_cooperative_idx').on(t.cooperativeId),
    index('payments_status_idx').on(t.status, t.createdAt, t.id),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_membership_idx').on(t.membershipId),
    index('payments_pool_idx').on(t.poolId),
    index('payments_decided_by_idx').on(t.decidedBy),
    // A proof backs one payment only, so one transfer cannot be counted twice.
    uniqueIndex('payments_proof_key').on(t.proofOfPaymentUrl),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** A member's request to correct something the cooperative holds about them (POPIA section 24). */
export const correctionRequests = pgTable(
  'correction_requests',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    message: text('message').notNull(),
    /** pending, resolved (corrected) or declined. */
    status: text('status').notNull().default('pending'),
    reply: text('reply'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('correction_requests_cooperative_idx').on(t.cooperativeId),
    index('correction_requests_status_idx').on(t.status, t.createdAt),
    index('correction_requests_user_idx').on(t.userId),
    index('correction_requests_decided_by_idx').on(t.decidedBy),
    check('correction_requests_status_check', sql`${t.status} in ('pending', 'resolved', 'declined')`),
  ],
);

/**
 * The journal: one entry per money event, unique on its source so nothing posts twice. Entries and
 * their lines are append-only (database triggers refuse updates and deletes) and each entry's lines
 * add up to zero (a deferred trigger checks it at commit); a correction is a reversing entry.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    /** A running number people can quote, JE-000042: its cooperative's next (`numberInCooperative`). */
    number: numberInCooperative(),
    /** The cooperative's calendar day it counts on. */
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /** `YYYY-MM` of the effective date. */
    period: text('period').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    reversalOf: uuid('reversal_of'),
    createdAt: createdAt(),
  },
  (t) => [
    index('journal_entries_cooperative_idx').on(t.cooperativeId),
    uniqueIndex('journal_entries_source_key').on(t.sourceType, t.sourceId),
    uniqueIndex('journal_entries_number_key').on(t.cooperativeId, t.number),
    uniqueIndex('journal_entries_reversal_key').on(t.reversalOf),
    index('journal_entries_period_idx').on(t.period, t.effectiveDate),
    index('journal_entries_created_by_idx').on(t.createdBy),
    index('journal_entries_approved_by_idx').on(t.approvedBy),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    cooperativeId: cooperativeId(),
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'restrict' }),
    account: text('account').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    poolId: uuid('pool_id').references(() => pools.id, { onDelete: 'restrict' }),
    /** The loan a line of a loan account belongs to, so each loan's balance is read from the ledger. */
    loanId: uuid('loan_id').references((): AnyPgColumn => loans.id, { onDelete: 'restrict' }),
    /** Debit positive, credit negative. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('journal_lines_cooperative_idx').on(t.cooperativeId),
    index('journal_lines_entry_idx').on(t.entryId),
    index('journal_lines_loan_idx').on(t.loanId, t.account),
    index('journal_lines_account_idx').on(t.account, t.poolId),
    index('journal_lines_user_idx').on(t.userId, t.poolId),
    index('journal_lines_pool_idx').on(t.poolId),
    check('journal_lines_amount_check', sql`${t.amountCents} <> 0`),
    // A line of a loan account always names its loan.
    check(
      'journal_lines_loan_check',
      sql`${t.account} not in ('loans_receivable', 'loan_penalties_receivable') or ${t.loanId} is not null`,
    ),
  ],
);

/** Expenses (recorded by one admin, approved by one or two others) and the pool's income. */
export const expenses = pgTable(
  'expenses',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    poolId: uuid('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'restrict' }),
    category: text('category').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    expenseDate: date('expense_date', { mode: 'string' }).notNull(),
    period: text('period').notNull(),
    description: text('description').notNull(),
    receiptUrl: text('receipt_url').notNull(),
    /** An adjusting entry (a bank charge, a correction): a locked month takes it until it is closed. */
    isAdjustment: boolean('is_adjustment').notNull().default(false),
    /** pending, approved or rejected. */
    status: text('status').notNull().default('pending'),
    /** How many approvals it needs: two above the dual-approval amount. */
    approvalsNeeded: integer('approvals_needed').notNull().default(1),
    approverIds: jsonb('approver_ids').$type<string[]>().notNull().default([]),
    rejectionReason: text('rejection_reason'),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** A correction after approval: a reversing entry, with who asked and why. */
    reversalReason: text('reversal_reason'),
    reversedBy: uuid('reversed_by').references(() => users.id, { onDelete: 'restrict' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('expenses_cooperative_idx').on(t.cooperativeId),
    index('expenses_status_idx').on(t.status, t.createdAt),
    index('expenses_period_idx').on(t.period, t.category),
    index('expenses_pool_idx').on(t.poolId),
    index('expenses_recorded_by_idx').on(t.recordedBy),
    index('expenses_decided_by_idx').on(t.decidedBy),
    index('expenses_reversed_by_idx').on(t.reversedBy),
    uniqueIndex('expenses_receipt_key').on(t.receiptUrl),
    check('expenses_amount_check', sql`${t.amountCents} > 0`),
    check('expenses_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'reversed')`),
  ],
);

export const income = pgTable(
  'income',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    poolId: uuid('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'restrict' }),
    category: text('category').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    incomeDate: date('income_date', { mode: 'string' }).notNull(),
    period: text('period').notNull(),
    description: text('description').notNull(),
    proofUrl: text('proof_url').notNull(),
    /** An adjusting entry (interest, a correction): a locked month takes it until it is closed. */
    isAdjustment: boolean('is_adjustment').notNull().default(false),
    status: text('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** A correction after approval: a reversing entry, with who asked and why. */
    reversalReason: text('reversal_reason'),
    reversedBy: uuid('reversed_by').references(() => users.id, { onDelete: 'restrict' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('income_cooperative_idx').on(t.cooperativeId),
    index('income_status_idx').on(t.status, t.createdAt),
    index('income_period_idx').on(t.period, t.category),
    index('income_pool_idx').on(t.poolId),
    index('income_recorded_by_idx').on(t.recordedBy),
    index('income_decided_by_idx').on(t.decidedBy),
    index('income_reversed_by_idx').on(t.reversedBy),
    uniqueIndex('income_proof_key').on(t.proofUrl),
    check('income_amount_check', sql`${t.amountCents} > 0`),
    check('income_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'reversed')`),
  ],
);

/** A month of the books and how far its close has gone: who did each step, and when. */
export const accountingPeriods = pgTable(
  'accounting_periods',
  {
    cooperativeId: cooperativeId(),
    period: text('period').notNull(),
    /** open, locked (month end under way) or closed. */
    status: text('status').notNull().default('open'),
    /** Each step done: { by, at, ... } keyed by the step's name. */
    steps: jsonb('steps').$type<Record<string, { by: string; at: string }>>().notNull().default({}),
    bankClosingBalanceCents: bigint('bank_closing_balance_cents', { mode: 'number' }),
    ledgerBankBalanceCents: bigint('ledger_bank_balance_cents', { mode: 'number' }),
    bankStatementUrl: text('bank_statement_url'),
    /** The split previewed by Calculate and posted by Allocate. */
    calculation: jsonb('calculation'),
    /** The report files made by Generate reports: name to file URL. */
    reports: jsonb('reports').$type<Record<string, string>>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'accounting_periods_pkey', columns: [t.cooperativeId, t.period] }),
    check('accounting_periods_status_check', sql`${t.status} in ('open', 'locked', 'closed')`),
  ],
);

/**
 * A request to reopen a closed month, or to unlock a locked one: a reason, and a second month-end
 * admin's decision. One waits per month at a time.
 */
export const periodReopenRequests = pgTable(
  'period_reopen_requests',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    period: text('period').notNull(),
    /** reopen (a closed month) or unlock (a locked one). */
    kind: text('kind').notNull().default('reopen'),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('period_reopen_requests_cooperative_idx').on(t.cooperativeId),
    foreignKey({
      name: 'period_reopen_requests_period_fkey',
      columns: [t.cooperativeId, t.period],
      foreignColumns: [accountingPeriods.cooperativeId, accountingPeriods.period],
    }).onDelete('restrict'),
    uniqueIndex('period_reopen_requests_pending_key')
      .on(t.cooperativeId, t.period)
      .where(sql`${t.status} = 'pending'`),
    index('period_reopen_requests_requested_by_idx').on(t.requestedBy),
    index('period_reopen_requests_decided_by_idx').on(t.decidedBy),
    check('period_reopen_requests_kind_check', sql`${t.kind} in ('reopen', 'unlock')`),
  ],
);

/**
 * A request to reverse an approved expense or income, with its reason: other admins than the one who
 * asked, recorded or approved it decide (two above the dual-approval amount), and the last approval
 * posts the reversing entry. One request waits per record at a time.
 */
export const recordReversalRequests = pgTable(
  'record_reversal_requests',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    expenseId: uuid('expense_id').references(() => expenses.id, { onDelete: 'restrict' }),
    incomeId: uuid('income_id').references(() => income.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** pending, approved or rejected. */
    status: text('status').notNull().default('pending'),
    approvalsNeeded: integer('approvals_needed').notNull().default(1),
    approverIds: jsonb('approver_ids').$type<string[]>().notNull().default([]),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('record_reversal_requests_cooperative_idx').on(t.cooperativeId),
    uniqueIndex('record_reversal_requests_expense_pending_key')
      .on(t.expenseId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('record_reversal_requests_income_pending_key')
      .on(t.incomeId)
      .where(sql`${t.status} = 'pending'`),
    index('record_reversal_requests_expense_idx').on(t.expenseId),
    index('record_reversal_requests_income_idx').on(t.incomeId),
    index('record_reversal_requests_status_idx').on(t.status, t.createdAt),
    index('record_reversal_requests_requested_by_idx').on(t.requestedBy),
    index('record_reversal_requests_decided_by_idx').on(t.decidedBy),
    check('record_reversal_requests_one_record_check', sql`(${t.expenseId} is null) <> (${t.incomeId} is null)`),
    check('record_reversal_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('record_reversal_requests_amount_check', sql`${t.amountCents} > 0`),
    check('record_reversal_requests_reason_check', sql`char_length(${t.reason}) <= 1000`),
  ],
);

/**
 * A member's request to leave a pool: 90 days' notice from the request, then a settlement prepared
 * by one exit admin, approved by another (two others for an early exit), and paid with a proof.
 */
export const exitRequests = pgTable(
  'exit_requests',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'restrict' }),
    poolId: uuid('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    /** requested, settled, approved, paid, cancelled or rejected. */
    status: text('status').notNull().default('requested'),
    /** The cooperative's calendar day the notice has run (90 days after the request). */
    noticeEndsOn: date('notice_ends_on', { mode: 'string' }).notNull(),
    earlyReason: text('early_reason'),
    capitalCents: bigint('capital_cents', { mode: 'number' }),
    returnsCents: bigint('returns_cents', { mode: 'number' }),
    feeCents: bigint('fee_cents', { mode: 'number' }),
    payoutCents: bigint('payout_cents', { mode: 'number' }),
    /** What the member's own loans took from the payout (settled first, as of the day it was prepared). */
    loanSettlementCents: bigint('loan_settlement_cents', { mode: 'number' }),
    /** The last closed month the settlement is valued at. */
    valuedAt: text('valued_at'),
    preparedBy: uuid('prepared_by').references(() => users.id, { onDelete: 'restrict' }),
    preparedAt: timestamp('prepared_at', { withTimezone: true, mode: 'date' }),
    approvalsNeeded: integer('approvals_needed').notNull().default(1),
    approverIds: jsonb('approver_ids').$type<string[]>().notNull().default([]),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'restrict' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    proofUrl: text('proof_url'),
    rejectionReason: text('rejection_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    /** The payout account as it was when the member asked: bank, holder and the last four digits only. */
    bankName: text('bank_name'),
    accountHolder: text('account_holder'),
    accountLast4: text('account_last4'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('exit_requests_cooperative_idx').on(t.cooperativeId),
    // One open request per membership at a time.
    uniqueIndex('exit_requests_open_key')
      .on(t.membershipId)
      .where(sql`${t.status} in ('requested', 'settled', 'approved')`),
    index('exit_requests_status_idx').on(t.status, t.createdAt),
    index('exit_requests_user_idx').on(t.userId, t.createdAt),
    index('exit_requests_pool_idx').on(t.poolId),
    index('exit_requests_prepared_by_idx').on(t.preparedBy),
    index('exit_requests_paid_by_idx').on(t.paidBy),
    index('exit_requests_decided_by_idx').on(t.decidedBy),
    uniqueIndex('exit_requests_proof_key').on(t.proofUrl),
    check(
      'exit_requests_status_check',
      sql`${t.status} in ('requested', 'settled', 'approved', 'paid', 'cancelled', 'rejected')`,
    ),
  ],
);

/** A member's request to withdraw allocated returns (never capital): approved by one admin, paid by another. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'restrict' }),
    poolId: uuid('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The member's payout account as it was when they asked; the number is only its last four digits. */
    accountHolder: text('account_holder').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    branchCode: text('branch_code').notNull(),
    /** requested, approved, paid, cancelled or rejected. */
    status: text('status').notNull().default('requested'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'restrict' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    proofUrl: text('proof_url'),
    rejectionReason: text('rejection_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('withdrawals_cooperative_idx').on(t.cooperativeId),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_membership_idx').on(t.membershipId),
    index('withdrawals_pool_idx').on(t.poolId),
    index('withdrawals_approved_by_idx').on(t.approvedBy),
    index('withdrawals_paid_by_idx').on(t.paidBy),
    index('withdrawals_decided_by_idx').on(t.decidedBy),
    uniqueIndex('withdrawals_proof_key').on(t.proofUrl),
    check('withdrawals_amount_check', sql`${t.amountCents} > 0`),
    check('withdrawals_status_check', sql`${t.status} in ('requested', 'approved', 'paid', 'cancelled', 'rejected')`),
  ],
);

/**
 * The one bank account a member's payouts (withdrawals, exits, loans) are paid into. Saving it needs
 * fresh proof of identity, e-mails the member, and holds it from payouts until `usable_from`.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    cooperativeId: cooperativeId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The bank's id on the domain's list; its name and universal branch code are copied beside it. */
    bankId: text('bank_id').notNull(),
    bankName: text('bank_name').notNull(),
    branchCode: text('branch_code').notNull(),
    accountHolder: text('account_holder').notNull(),
    /** Digits only; masked to the last four when the member's personal data is erased. */
    accountNumber: text('account_number').notNull(),
    /** No payout goes to it before this moment (48 hours after it was saved). */
    usableFrom: timestamp('usable_from', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'payout_accounts_pkey', columns: [t.cooperativeId, t.userId] }),
    index('payout_accounts_user_idx').on(t.userId),
  ],
);

/** Settings the super admin changes in the app (not the environment), one JSON value per key. */
export const settings = pgTable(
  'settings',
  {
    cooperativeId: cooperativeId(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'restrict' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'settings_pkey', columns: [t.cooperativeId, t.key] }),
    index('settings_updated_by_idx').on(t.updatedBy),
  ],
);

/** What the cooperative lends on: one product per loan type, set by the super admin within the caps. */
export const loanProducts = pgTable(
  'loan_products',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Yearly rate on the reducing balance, in basis points (1850 = 18.50%); 0 lends without interest. */
    annualRateBps: integer('annual_rate_bps').notNull(),
    minTermMonths: integer('min_term_months').notNull(),
    maxTermMonths: integer('max_term_months').notNull(),
    /** The most a member may borrow, as a multiple of their paid-up capital in hundredths (300 = 3x). */
    maxCapitalMultipleHundredths: integer('max_capital_multiple_hundredths').notNull(),
    graceDays: integer('grace_days').notNull(),
    /** none, fixed (cents) or percent (basis points of the overdue instalment). */
    penaltyType: text('penalty_type').notNull(),
    penaltyFixedCents: bigint('penalty_fixed_cents', { mode: 'number' }).notNull().default(0),
    penaltyPercentBps: integer('penalty_percent_bps').notNull().default(0),
    /** Whether the part of a loan above the member's own capital needs a guarantor. */
    guarantorAboveCapital: boolean('guarantor_above_capital').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('loan_products_type_key').on(t.cooperativeId, t.type),
    index('loan_products_created_by_idx').on(t.createdBy),
    index('loan_products_updated_by_idx').on(t.updatedBy),
    check('loan_products_type_check', sql`${t.type} in ('emergency', 'personal', 'business', 'education')`),
    check('loan_products_rate_check', sql`${t.annualRateBps} >= 0 and ${t.annualRateBps} <= 10000`),
    check(
      'loan_products_term_check',
      sql`${t.minTermMonths} >= 1 and ${t.minTermMonths} <= ${t.maxTermMonths} and ${t.maxTermMonths} <= 120`,
    ),
    check('loan_products_multiple_check', sql`${t.maxCapitalMultipleHundredths} > 0`),
    check('loan_products_grace_check', sql`${t.graceDays} >= 0 and ${t.graceDays} <= 90`),
    check(
      'loan_products_penalty_check',
      sql`${t.penaltyType} in ('none', 'fixed', 'percent') and ${t.penaltyFixedCents} >= 0 and ${t.penaltyPercentBps} >= 0`,
    ),
  ],
);

/**
 * A loan to a member: the terms are copied from the product when asked, so a later change of the
 * product never changes a loan. Outstanding principal = principal less principal repaid, kept in the
 * transaction of each approved repayment and equal to the ledger's loans receivable of the loan.
 */
export const loans = pgTable(
  'loans',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    /** A running number people can quote, LN-000042: its cooperative's next (`numberInCooperative`). */
    number: numberInCooperative(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The pool whose capital backs the loan and whose bank pays it out. */
    poolId: uuid('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'restrict' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => loanProducts.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    principalCents: bigint('principal_cents', { mode: 'number' }).notNull(),
    annualRateBps: integer('annual_rate_bps').notNull(),
    termMonths: integer('term_months').notNull(),
    /** The regular monthly instalment of the schedule. */
    instalmentCents: bigint('instalment_cents', { mode: 'number' }).notNull(),
    totalInterestCents: bigint('total_interest_cents', { mode: 'number' }).notNull(),
    purpose: text('purpose').notNull(),
    graceDays: integer('grace_days').notNull(),
    penaltyType: text('penalty_type').notNull(),
    penaltyFixedCents: bigint('penalty_fixed_cents', { mode: 'number' }).notNull(),
    penaltyPercentBps: integer('penalty_percent_bps').notNull(),
    /** The member's paid-up capital in the pool when they applied. */
    capitalCents: bigint('capital_cents', { mode: 'number' }).notNull(),
    guarantorId: uuid('guarantor_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The part above the member's capital: the guarantor's capital held for it once accepted. */
    guaranteedCents: bigint('guaranteed_cents', { mode: 'number' }).notNull().default(0),
    /** requested, accepted or declined; null without a guarantor. */
    guarantorStatus: text('guarantor_status'),
    guarantorDecidedAt: timestamp('guarantor_decided_at', { withTimezone: true, mode: 'date' }),
    status: text('status').notNull(),
    /** Two above the dual-approval amount of the lending settings. */
    approvalsNeeded: integer('approvals_needed').notNull().default(1),
    approverIds: jsonb('approver_ids').$type<string[]>().notNull().default([]),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /** Who rejected it (an admin) or cancelled it (the member). */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    rejectionReason: text('rejection_reason'),
    disbursedBy: uuid('disbursed_by').references(() => users.id, { onDelete: 'restrict' }),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true, mode: 'date' }),
    /** The cooperative's calendar day it was paid out; instalments fall due monthly from it. */
    disbursedOn: date('disbursed_on', { mode: 'string' }),
    disbursementProofUrl: text('disbursement_proof_url'),
    principalRepaidCents: bigint('principal_repaid_cents', { mode: 'number' }).notNull().default(0),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('loans_cooperative_idx').on(t.cooperativeId),
    uniqueIndex('loans_number_key').on(t.cooperativeId, t.number),
    uniqueIndex('loans_disbursement_proof_key').on(t.disbursementProofUrl),
    index('loans_user_idx').on(t.userId, t.createdAt),
    index('loans_status_idx').on(t.status, t.createdAt),
    index('loans_guarantor_idx').on(t.guarantorId, t.status),
    index('loans_pool_idx').on(t.poolId),
    index('loans_product_idx').on(t.productId),
    index('loans_type_idx').on(t.type, t.createdAt),
    index('loans_decided_by_idx').on(t.decidedBy),
    index('loans_disbursed_by_idx').on(t.disbursedBy),
    check(
      'loans_status_check',
      sql`${t.status} in ('awaiting_guarantor', 'pending', 'approved', 'active', 'repaid', 'rejected', 'guarantor_declined', 'cancelled')`,
    ),
    check(
      'loans_guarantor_check',
      sql`(${t.guarantorId} is null and ${t.guarantorStatus} is null and ${t.guaranteedCents} = 0) or (${t.guarantorId} is not null and ${t.guarantorStatus} in ('requested', 'accepted', 'declined') and ${t.guaranteedCents} >= 0 and ${t.guarantorId} <> ${t.userId})`,
    ),
    check(
      'loans_amounts_check',
      sql`${t.principalCents} > 0 and ${t.principalRepaidCents} >= 0 and ${t.principalRepaidCents} <= ${t.principalCents}`,
    ),
    check('loans_terms_check', sql`${t.termMonths} >= 1 and ${t.annualRateBps} >= 0`),
  ],
);

/** A loan's schedule, written when it is paid out; what each instalment has had paid and waived. */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    principalCents: bigint('principal_cents', { mode: 'number' }).notNull(),
    interestCents: bigint('interest_cents', { mode: 'number' }).notNull(),
    principalPaidCents: bigint('principal_paid_cents', { mode: 'number' }).notNull().default(0),
    interestPaidCents: bigint('interest_paid_cents', { mode: 'number' }).notNull().default(0),
    /** Interest not charged because the loan was settled early. */
    interestWaivedCents: bigint('interest_waived_cents', { mode: 'number' }).notNull().default(0),
    /** due, overdue (its day passed unpaid; set by the daily job) or paid. */
    status: text('status').notNull().default('due'),
    paidOn: date('paid_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('loan_instalments_cooperative_idx').on(t.cooperativeId),
    uniqueIndex('loan_instalments_loan_number_key').on(t.loanId, t.number),
    // The daily job reads the unpaid instalments whose day has passed.
    index('loan_instalments_open_idx')
      .on(t.dueOn)
      .where(sql`${t.status} <> 'paid'`),
    check('loan_instalments_status_check', sql`${t.status} in ('due', 'overdue', 'paid')`),
    check(
      'loan_instalments_amounts_check',
      sql`${t.principalPaidCents} >= 0 and ${t.principalPaidCents} <= ${t.principalCents} and ${t.interestPaidCents} >= 0 and ${t.interestWaivedCents} >= 0 and ${t.interestPaidCents} + ${t.interestWaivedCents} <= ${t.interestCents}`,
    ),
  ],
);

/**
 * A late penalty: at most one per instalment (the unique index makes the daily job safe to run
 * twice or on two instances), charged after the grace days, then paid or waived.
 */
export const loanPenalties = pgTable(
  'loan_penalties',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    instalmentId: uuid('instalment_id')
      .notNull()
      .references(() => loanInstalments.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    appliedOn: date('applied_on', { mode: 'string' }).notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    waivedCents: bigint('waived_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('loan_penalties_cooperative_idx').on(t.cooperativeId),
    uniqueIndex('loan_penalties_instalment_key').on(t.instalmentId),
    index('loan_penalties_loan_idx').on(t.loanId),
    check(
      'loan_penalties_amounts_check',
      sql`${t.amountCents} > 0 and ${t.paidCents} >= 0 and ${t.waivedCents} >= 0 and ${t.paidCents} + ${t.waivedCents} <= ${t.amountCents}`,
    ),
  ],
);

/** A member's repayment with its proof, checked like a pool payment; or the settlement from an exit payout. */
export const loanRepayments = pgTable(
  'loan_repayments',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** The member's proof of payment; null for a settlement from an exit payout. */
    proofUrl: text('proof_url'),
    /** pending, approved or rejected. */
    status: text('status').notNull().default('pending'),
    /** The cooperative's calendar day it was paid: the split and an early settlement are worked out as of it. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** The split, once approved. */
    penaltyCents: bigint('penalty_cents', { mode: 'number' }).notNull().default(0),
    interestCents: bigint('interest_cents', { mode: 'number' }).notNull().default(0),
    principalCents: bigint('principal_cents', { mode: 'number' }).notNull().default(0),
    interestWaivedCents: bigint('interest_waived_cents', { mode: 'number' }).notNull().default(0),
    isSettlement: boolean('is_settlement').notNull().default(false),
    exitRequestId: uuid('exit_request_id').references(() => exitRequests.id, { onDelete: 'restrict' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('loan_repayments_cooperative_idx').on(t.cooperativeId),
    // A proof backs one repayment only, so one transfer cannot be counted twice.
    uniqueIndex('loan_repayments_proof_key').on(t.proofUrl),
    index('loan_repayments_status_idx').on(t.status, t.createdAt, t.id),
    index('loan_repayments_loan_idx').on(t.loanId, t.createdAt),
    index('loan_repayments_user_idx').on(t.userId, t.createdAt),
    index('loan_repayments_decided_by_idx').on(t.decidedBy),
    index('loan_repayments_exit_idx').on(t.exitRequestId),
    check('loan_repayments_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'loan_repayments_amounts_check',
      sql`${t.amountCents} > 0 and ${t.penaltyCents} >= 0 and ${t.interestCents} >= 0 and ${t.principalCents} >= 0 and (${t.status} <> 'approved' or ${t.penaltyCents} + ${t.interestCents} + ${t.principalCents} = ${t.amountCents})`,
    ),
  ],
);

/** A request to waive what is left of a penalty: made by one loan admin, decided by another. */
export const loanPenaltyWaivers = pgTable(
  'loan_penalty_waivers',
  {
    cooperativeId: cooperativeId(),
    id: uuid('id').primaryKey().defaultRandom(),
    penaltyId: uuid('penalty_id')
      .notNull()
      .references(() => loanPenalties.id, { onDelete: 'restrict' }),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('loan_penalty_waivers_cooperative_idx').on(t.cooperativeId),
    uniqueIndex('loan_penalty_waivers_pending_key')
      .on(t.penaltyId)
      .where(sql`${t.status} = 'pending'`),
    index('loan_penalty_waivers_status_idx').on(t.status, t.createdAt),
    index('loan_penalty_waivers_penalty_idx').on(t.penaltyId),
    index('loan_penalty_waivers_loan_idx').on(t.loanId),
    index('loan_penalty_waivers_requested_by_idx').on(t.requestedBy),
    index('loan_penalty_waivers_decided_by_idx').on(t.decidedBy),
    check('loan_penalty_waivers_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('loan_penalty_waivers_amount_check', sql`${t.amountCents} > 0`),
  ],
);
