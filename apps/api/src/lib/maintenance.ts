import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import {
  accountingPeriods,
  cooperatives,
  correctionRequests,
  emailOutbox,
  exitRequests,
  expenses,
  files,
  income,
  loanRepayments,
  loans,
  logins,
  memberships,
  mfaChallenges,
  mfaRecoveryCodes,
  nextOfKin,
  notifications,
  payments,
  rateLimits,
  sessions,
  users,
  withdrawals,
} from '../db/schema.js';
import { rowsOfLogin } from '../db/accounts.js';
import { runInCooperative } from '../db/scope.js';
import { writeAudit } from './audit.js';
import type { Storage } from './storage.js';

/** How long each kind of row is kept once it has served its purpose. */
export const RETENTION = {
  /** Sent e-mails: long enough to answer "did you send it?", then gone (POPIA section 14). */
  sentMailDays: 30,
  /** E-mails never sent (failed, or still pending): no longer worth sending, and they hold names. */
  unsentMailDays: 30,
  /** Sessions after they ended or expired, and rate-limit counters after their window. */
  sessionDays: 7,
  rateLimitDays: 7,
  /** Two-factor challenges after they expired. */
  challengeDays: 1,
  /** Uploaded files nothing refers to (an abandoned upload, a replaced document). */
  orphanFileHours: 24,
} as const;

/** The job runs once a day across all instances: the first to claim the day runs it. */
const CLAIM_KEY = 'maintenance:daily';
const CLAIM_SECONDS = 24 * 60 * 60;
const CHECK_EVERY_MS = 60 * 60 * 1000;
const FIRST_CHECK_MS = 60 * 1000;
/** The job's name in the metrics. */
export const MAINTENANCE_JOB = 'daily-clean-up';

export interface MaintenanceReport {
  erasedMembers: number;
  /** Applicants never approved, erased APPLICANT_RETENTION_MONTHS after their rejection or last activity. */
  erasedApplicants: number;
  sentMails: number;
  unsentMails: number;
  sessions: number;
  rateLimits: number;
  mfaChallenges: number;
  orphanFiles: number;
  /** What each daily job added by a feature reported (loan arrears), when there are any. */
  jobs?: Record<string, unknown>;
}

export interface MaintenanceLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

const fileUrl = (column: unknown) => sql`'/api/files/' || ${files.key} = ${column}`;

/**
 * The daily clean-up: deletes what the cooperative has no reason to keep (the documents and personal
 * fields of members gone longer than KYC_RETENTION_YEARS and of applicants never approved after
 * APPLICANT_RETENTION_MONTHS, e-mails after 30 days, ended sessions and old counters after 7, expired challenges, files nothing refers to after
 * 24 hours) and logs what it removed; then runs the features' daily jobs (loan arrears and penalties). Several instances may run it: the day is claimed with one
 * atomic statement on the shared database, so one of them does the work.
 */
export function createMaintenance(deps: {
  db: Db;
  storage: Storage;
  logger: MaintenanceLogger;
  /** Years the due-diligence records of a member are kept after the relationship ends (FICA section 23). */
  kycRetentionYears?: number;
  /**
   * Months an applicant who never became a member (rejected, abandoned, suspended) is kept after the
   * rejection or their last activity: nothing obliges the cooperative to keep them longer.
   */
  applicantRetentionMonths?: number;
  /** Keeps of a leaver's payout account only what the books need (the payout-account module's rule). */
  erasePayoutAccount: (executor: Executor, userId: string) => Promise<void>;
  /** Told when a run ends (the metrics count runs by outcome). */
  onRun?: (job: typeof MAINTENANCE_JOB, outcome: 'success' | 'failure' | 'skipped') => void;
}) {
  const { db, storage, logger } = deps;
  const kycRetentionYears = deps.kycRetentionYears ?? 5;
  const applicantRetentionMonths = deps.applicantRetentionMonths ?? 12;

  /** Members whose relationship ended longer ago than the law requires their records kept. */
  async function eraseExpiredMembers(): Promise<number> {
    const due = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.isAdmin, false),
          isNull(users.personalDataErasedAt),
          lt(users.relationshipEndedAt, sql`now() - make_interval(years => ${kycRetentionYears})`),
        ),
      )
      .limit(500);
    for (const { id } of due) await erase(id, { retentionYears: kycRetentionYears });
    return due.length;
  }

  /**
   * Applicants who never became members: never approved (still in review, rejected, abandoned or
   * suspended), without a membership, and quiet (no change to the account, no sign-in, no request)
   * for APPLICANT_RETENTION_MONTHS. A rejection changes the account, so the clock starts there.
   */
  async function eraseExpiredApplicants(): Promise<number> {
    const lastSeen = sql`(select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.userId} = ${users.id})`;
    const lastActivity = sql`greatest(${users.createdAt}, ${users.updatedAt}, ${users.lastLoginAt}, ${lastSeen})`;
    const due = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.isAdmin, false),
          isNull(users.personalDataErasedAt),
          ne(users.registrationStatus, 'active'),
          sql`not exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id})`,
          lt(lastActivity, sql`now() - make_interval(months => ${applicantRetentionMonths})`),
        ),
      )
      .limit(500);
    for (const { id } of due) await erase(id, { retentionMonths: applicantRetentionMonths, neverApproved: true });
    return due.length;
  }

  /** Erases a login (address, password, two-factor, third-party identity) none of whose rows is in use. */
  async function eraseLoginIfUnused(tx: Executor, loginId: string, erasedRowId: string): Promise<void> {
    // Its rows in every cooperative, past the wall (`rowsOfLogin`).
    const { rows: inUse } = await tx.execute(
      sql`select 1 from ${rowsOfLogin(loginId)} as login_row where login_row.id <> ${erasedRowId} limit 1`,
    );
    if (inUse.length > 0) return;
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.loginId, loginId));
    await tx
      .update(logins)
      .set({
        email: `erased-${loginId}@letsema.invalid`,
        passwordHash: null,
        oidcIssuer: null,
        oidcSubject: null,
        mfaSecret: null,
        mfaPendingSecret: null,
        mfaEnabledAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(logins.id, loginId));
  }

  /**
   * Erases one account's identity documents and personal fields. Money records (memberships,
   * payments and their proofs, withdrawals, exits, loans, the ledger) stay under the account's id,
   * with account numbers cut to their last four digits and the member's own free text blanked;
   * e-mails to the account and its correction requests go. An audit row says what went.
   */
  async function erase(id: string, reason: Record<string, unknown>): Promise<void> {
    const removedKeys = await db.transaction(async (tx) => {
      const [account] = await tx
        .select({ email: users.email, loginId: users.loginId })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      const accountsMasked = await tx
        .update(withdrawals)
        .set({
          accountHolder: '',
          accountNumber: sql`'…' || right(regexp_replace(${withdrawals.accountNumber}, '[^0-9]', '', 'g'), 4)`,
        })
        .where(and(eq(withdrawals.userId, id), sql`${withdrawals.accountNumber} not like '…%'`))
        .returning({ id: withdrawals.id });
      await tx.update(exitRequests).set({ reason: '', earlyReason: null }).where(eq(exitRequests.userId, id));
      await tx.update(loans).set({ purpose: '' }).where(eq(loans.userId, id));
      const corrections = await tx
        .delete(correctionRequests)
        .where(eq(correctionRequests.userId, id))
        .returning({ id: correctionRequests.id });
      const mails = account
        ? await tx.delete(emailOutbox).where(eq(emailOutbox.to, account.email)).returning({ id: emailOutbox.id })
        : [];
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, id));
      const documents = await tx
        .delete(files)
        .where(and(eq(files.ownerId, id), ne(files.kind, 'proof-of-payment')))
        .returning({ key: files.key });
      const kin = await tx.delete(nextOfKin).where(eq(nextOfKin.userId, id)).returning({ id: nextOfKin.id });
      await tx.delete(notifications).where(eq(notifications.userId, id));
      await deps.erasePayoutAccount(tx, id);
      await tx
        .update(users)
        .set({
          email: `erased-${id}@letsema.invalid`,
          fullName: null,
          phoneNumber: null,
          identityType: null,
          nationalId: null,
          dateOfBirth: null,
          address: null,
          city: null,
          province: null,
          profilePictureUrl: null,
          idDocumentUrl: null,
          rejectedFields: null,
          rejectionReason: null,
          accountStatus: 'suspended',
          personalDataErasedAt: sql`now()`,
        })
        .where(eq(users.id, id));
      // The login goes with the person's last row that is not erased: nobody can sign in with it.
      if (account) await eraseLoginIfUnused(tx, account.loginId, id);
      await writeAudit(tx, {
        actorId: null,
        action: 'privacy.erase',
        outcome: 'success',
        targetType: 'user',
        targetId: id,
        after: {
          documents: documents.length,
          nextOfKin: kin.length,
          withdrawalAccountsMasked: accountsMasked.length,
          correctionRequests: corrections.length,
          mails: mails.length,
          ...reason,
        },
      });
      return documents.map((d) => d.key);
    });
    for (const key of removedKeys) {
      await storage.delete(key).catch((error: unknown) => {
        logger.error({ key, error: error instanceof Error ? error.message : String(error) }, 'erased file not deleted');
      });
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  /** Daily work of the features (loan arrears), run after the clean-up, in the order added. */
  const dailyJobs = new Map<string, () => Promise<unknown>>();

  async function run(): Promise<MaintenanceReport> {
    try {
      const report = await removeExpired();
      deps.onRun?.(MAINTENANCE_JOB, 'success');
      return report;
    } catch (error) {
      deps.onRun?.(MAINTENANCE_JOB, 'failure');
      throw error;
    }
  }

  async function removeExpired(): Promise<MaintenanceReport> {
    const ago = (amount: number, unit: 'days' | 'hours') => sql`now() - make_interval(${sql.raw(unit)} => ${amount})`;

    const erasedMembers = await eraseExpiredMembers();
    const erasedApplicants = await eraseExpiredApplicants();
    const sentMails = await db
      .delete(emailOutbox)
      .where(and(eq(emailOutbox.status, 'sent'), lt(emailOutbox.sentAt, ago(RETENTION.sentMailDays, 'days'))))
      .returning({ id: emailOutbox.id });
    const unsentMails = await db
      .delete(emailOutbox)
      .where(
        and(
          inArray(emailOutbox.status, ['pending', 'failed']),
          lt(emailOutbox.createdAt, ago(RETENTION.unsentMailDays, 'days')),
        ),
      )
      .returning({ id: emailOutbox.id });
    const oldSessions = await db
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, ago(RETENTION.sessionDays, 'days')),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, ago(RETENTION.sessionDays, 'days'))),
        ),
      )
      .returning({ id: sessions.id });
    const counters = await db
      .delete(rateLimits)
      .where(
        and(lt(rateLimits.windowStart, ago(RETENTION.rateLimitDays, 'days')), sql`${rateLimits.key} <> ${CLAIM_KEY}`),
      )
      .returning({ key: rateLimits.key });
    const challenges = await db
      .delete(mfaChallenges)
      .where(lt(mfaChallenges.expiresAt, ago(RETENTION.challengeDays, 'days')))
      .returning({ id: mfaChallenges.id });

    // A file is kept while any record points at it.
    const orphans = await db
      .delete(files)
      .where(
        and(
          lt(files.createdAt, ago(RETENTION.orphanFileHours, 'hours')),
          sql`not exists (select 1 from ${users} where ${fileUrl(users.profilePictureUrl)} or ${fileUrl(users.idDocumentUrl)})`,
          sql`not exists (select 1 from ${nextOfKin} where ${fileUrl(nextOfKin.passportPhotoUrl)} or ${fileUrl(nextOfKin.idDocumentUrl)} or ${fileUrl(nextOfKin.proofOfAddressUrl)})`,
          sql`not exists (select 1 from ${payments} where ${fileUrl(payments.proofOfPaymentUrl)})`,
          sql`not exists (select 1 from ${expenses} where ${fileUrl(expenses.receiptUrl)})`,
          sql`not exists (select 1 from ${income} where ${fileUrl(income.proofUrl)})`,
          sql`not exists (select 1 from ${accountingPeriods} where ${fileUrl(accountingPeriods.bankStatementUrl)})`,
          sql`not exists (select 1 from ${exitRequests} where ${fileUrl(exitRequests.proofUrl)})`,
          sql`not exists (select 1 from ${withdrawals} where ${fileUrl(withdrawals.proofUrl)})`,
          sql`not exists (select 1 from ${loans} where ${fileUrl(loans.disbursementProofUrl)})`,
          sql`not exists (select 1 from ${loanRepayments} where ${fileUrl(loanRepayments.proofUrl)})`,
          // Month-end reports are kept for good: the closed month's papers.
          sql`${files.kind} <> 'month-end-report'`,
        ),
      )
      .returning({ key: files.key });
    for (const { key } of orphans) {
      // The record is gone first; bytes left behind by a failed delete are unreachable and logged.
      await storage.delete(key).catch((error: unknown) => {
        logger.error({ key, error: error instanceof Error ? error.message : String(error) }, 'orphan file not deleted');
      });
    }

    // Each feature's job runs for one open cooperative at a time, walled in it (db/scope.ts): what
    // it writes is that cooperative's. Its report is the one cooperative's, or one per cooperative.
    const open = await db
      .select({ id: cooperatives.id })
      .from(cooperatives)
      .where(eq(cooperatives.status, 'active'))
      .orderBy(cooperatives.createdAt, cooperatives.id);
    const jobs: Record<string, unknown> = {};
    for (const [name, job] of dailyJobs) {
      const reports: Record<string, unknown> = {};
      for (const { id } of open) reports[id] = await runInCooperative(id, job);
      jobs[name] = open.length === 1 ? reports[open[0]!.id] : reports;
    }
    const report: MaintenanceReport = {
      erasedMembers,
      erasedApplicants,
      sentMails: sentMails.length,
      unsentMails: unsentMails.length,
      sessions: oldSessions.length,
      rateLimits: counters.length,
      mfaChallenges: challenges.length,
      orphanFiles: orphans.length,
      ...(dailyJobs.size ? { jobs } : {}),
    };
    logger.info({ removed: report }, 'maintenance done');
    return report;
  }

  /** Claims today's run for this instance; false when another instance (or an earlier run) has it. */
  async function claimDay(): Promise<boolean> {
    const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${CLAIM_SECONDS})`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key: CLAIM_KEY, count: 1, windowStart: sql`now()` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ count: rateLimits.count });
    return row?.count === 1;
  }

  /** Runs the job if no instance has run it in the last 24 hours. */
  async function runIfDue(): Promise<MaintenanceReport | null> {
    let isClaimed: boolean;
    try {
      isClaimed = await claimDay();
    } catch (error) {
      deps.onRun?.(MAINTENANCE_JOB, 'failure');
      throw error;
    }
    if (!isClaimed) {
      deps.onRun?.(MAINTENANCE_JOB, 'skipped');
      return null;
    }
    return run();
  }

  function schedule(delay: number) {
    timer = setTimeout(() => {
      running = runIfDue()
        .catch((error: unknown) => {
          logger.error({ error: error instanceof Error ? error.message : String(error) }, 'maintenance failed');
        })
        .finally(() => {
          running = undefined;
          if (timer) schedule(CHECK_EVERY_MS);
        });
    }, delay);
    timer.unref();
  }

  return {
    run,
    runIfDue,
    /**
     * Adds a feature's daily work to the run (the loans' arrears). It runs on the one instance that
     * claimed the day, so it must also be safe to run twice (the claim lasts 24 hours, not a calendar day).
     */
    addDailyJob(name: string, job: () => Promise<unknown>) {
      dailyJobs.set(name, job);
    },
    start() {
      schedule(FIRST_CHECK_MS);
    },
    async stop() {
      const current = timer;
      timer = undefined;
      if (current) clearTimeout(current);
      await running;
    },
  };
}

export type Maintenance = ReturnType<typeof createMaintenance>;
