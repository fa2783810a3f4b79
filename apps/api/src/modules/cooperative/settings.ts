import {
  centsToRand,
  cooperativeMessages,
  type CooperativeDetails,
  type CooperativeDetailsBody,
  type CooperativeSettings,
  type CooperativeSettingsBody,
} from '@letsema/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { cooperatives, settings } from '../../db/schema.js';
import { currentCooperativeId } from '../../db/scope.js';
import { lockSetting, saveSetting } from '../../db/settings-store.js';
import type { AuthUser } from '../../lib/auth-guard.js';
import { writeAudit } from '../../lib/audit.js';
import { forbidden } from '../../lib/errors.js';

/** The key of the cooperative's settings in the `settings` table. */
export const COOPERATIVE_SETTINGS_KEY = 'cooperative';

/** The installation's defaults (its environment variables), which hold until the cooperative saves its own. */
export type CooperativeDefaults = CooperativeSettingsBody;

/** The settings' values as stored: only what the body says, so a stored row missing a field falls back to its default. */
function storedValues(value: unknown): Partial<CooperativeSettingsBody> {
  if (!value || typeof value !== 'object') return {};
  const stored = value as Record<string, unknown>;
  const picked: Partial<CooperativeSettingsBody> = {};
  if (typeof stored.expenseDualApprovalAbove === 'number')
    picked.expenseDualApprovalAbove = stored.expenseDualApprovalAbove;
  if (typeof stored.reservePercent === 'number') picked.reservePercent = stored.reservePercent;
  if (typeof stored.exitFeePercent === 'number') picked.exitFeePercent = stored.exitFeePercent;
  if (typeof stored.allowReturnWithdrawals === 'boolean') picked.allowReturnWithdrawals = stored.allowReturnWithdrawals;
  if (typeof stored.uploadQuotaMb === 'number') picked.uploadQuotaMb = stored.uploadQuotaMb;
  return picked;
}

/**
 * The cooperative's settings in force (the amount in cents): what its super admin saved over the
 * installation's defaults. One read of the settings row by its key; pass the transaction in which
 * the decision it informs is taken, so that the decision and the setting it applied agree.
 */
export async function readCooperativeSettings(
  executor: Executor,
  defaults: CooperativeDefaults,
  options: { lock?: boolean } = {},
): Promise<CooperativeSettingsBody> {
  const query = executor
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, COOPERATIVE_SETTINGS_KEY));
  const [row] = options.lock ? await query.for('update') : await query;
  return { ...defaults, ...storedValues(row?.value) };
}

/** Bytes of stored files each account may keep under the settings. */
export const uploadQuotaBytes = (values: Pick<CooperativeSettingsBody, 'uploadQuotaMb'>) =>
  values.uploadQuotaMb * 1024 * 1024;

const settingsAnswerValues = (values: CooperativeSettingsBody) => ({
  expenseDualApprovalAbove: centsToRand(values.expenseDualApprovalAbove),
  reservePercent: values.reservePercent,
  exitFeePercent: values.exitFeePercent,
  allowReturnWithdrawals: values.allowReturnWithdrawals,
  uploadQuotaMb: values.uploadQuotaMb,
});

function assertSuperAdmin(actor: AuthUser) {
  if (!actor.isSuperAdmin) throw forbidden(cooperativeMessages.superAdminOnly);
}

/**
 * The cooperative's own details (its name, registration number and province) and its settings (the
 * rules of its books, payouts and files). Only the super admin reads and changes them here, and every
 * change is audited with the values before and after.
 */
export function createCooperativeService(deps: { db: Db; defaults: CooperativeDefaults }) {
  const { db, defaults } = deps;

  async function describeSettings(executor: Executor): Promise<CooperativeSettings> {
    const [row] = await executor
      .select({ value: settings.value, updatedAt: settings.updatedAt })
      .from(settings)
      .where(eq(settings.key, COOPERATIVE_SETTINGS_KEY));
    return {
      ...settingsAnswerValues({ ...defaults, ...storedValues(row?.value) }),
      isSaved: Boolean(row),
      updatedAt: row?.updatedAt.toISOString() ?? null,
      defaults: settingsAnswerValues(defaults),
    };
  }

  async function describeDetails(executor: Executor): Promise<CooperativeDetails> {
    const [row] = await executor.select().from(cooperatives).where(eq(cooperatives.id, currentCooperativeId()));
    // The cooperative's row is written by the migration that made the installation's first one.
    if (!row) throw new Error('The cooperative has no row');
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      registrationNumber: row.registrationNumber,
      province: row.province,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return {
    /** The rules every admin's decisions follow: any admin reads them, only the super admin changes them. */
    async getSettings() {
      return describeSettings(db);
    },

    /** Saves the cooperative's settings (super admin); the next decision each one informs applies it. */
    async updateSettings(actor: AuthUser, body: CooperativeSettingsBody) {
      assertSuperAdmin(actor);
      return db.transaction(async (tx) => {
        const before = await lockSetting(tx, COOPERATIVE_SETTINGS_KEY);
        await saveSetting(tx, COOPERATIVE_SETTINGS_KEY, body, actor.id);
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'cooperative_settings.update',
          targetType: 'settings',
          targetId: COOPERATIVE_SETTINGS_KEY,
          // Before the first save, the installation's defaults were in force.
          before: { ...defaults, ...storedValues(before), isSaved: before !== null },
          after: body,
        });
        return describeSettings(tx);
      });
    },

    async getDetails() {
      return describeDetails(db);
    },

    /** Changes the cooperative's name, registration number and province (super admin); the slug stays. */
    async updateDetails(actor: AuthUser, body: CooperativeDetailsBody) {
      assertSuperAdmin(actor);
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            name: cooperatives.name,
            registrationNumber: cooperatives.registrationNumber,
            province: cooperatives.province,
          })
          .from(cooperatives)
          .where(eq(cooperatives.id, currentCooperativeId()))
          .for('update');
        await tx
          .update(cooperatives)
          .set({ ...body, updatedAt: sql`now()` })
          .where(eq(cooperatives.id, currentCooperativeId()));
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'cooperative.update',
          targetType: 'cooperative',
          targetId: currentCooperativeId(),
          before: before ?? null,
          after: body,
        });
        return describeDetails(tx);
      });
    },
  };
}

export type CooperativeService = ReturnType<typeof createCooperativeService>;
