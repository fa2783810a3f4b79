import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
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
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_registration_status_idx').on(t.registrationStatus, t.submittedAt),
    index('users_is_admin_idx').on(t.isAdmin),
  ],
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
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId), index('audit_log_actor_idx').on(t.actorId)],
);
