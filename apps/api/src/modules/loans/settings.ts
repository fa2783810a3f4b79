import {
  DEFAULT_LOAN_SETTINGS,
  loanMessages,
  maxAnnualRateBps,
  productCapProblem,
  type CreateLoanProductBody,
  type LoanSettingsBody,
  type UpdateLoanProductBody,
} from '@letsema/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { loanProducts, settings, users } from '../../db/schema.js';
import { saveSetting } from '../../db/settings-store.js';
import type { AuthUser } from '../../lib/auth-guard.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/tokens.js';
import { penaltyRuleOf, productView, settingsView, type StoredLoanSettings } from './views.js';

/** The key of the lending settings in the `settings` table. */
export const LOAN_SETTINGS_KEY = 'loans';

/** The lending settings (the defaults until the super admin saves them); `lock` holds the row until commit. */
export async function readLoanSettings(tx: Executor, options: { lock?: boolean } = {}): Promise<StoredLoanSettings> {
  const query = tx.select().from(settings).where(eq(settings.key, LOAN_SETTINGS_KEY));
  const [row] = options.lock ? await query.for('update') : await query;
  return {
    ...DEFAULT_LOAN_SETTINGS,
    rulesConfirmedAt: null,
    rulesConfirmedBy: null,
    ...((row?.value as Partial<StoredLoanSettings> | undefined) ?? {}),
  };
}

type ProductRow = typeof loanProducts.$inferSelect;

function assertSuperAdmin(actor: AuthUser) {
  if (!actor.isSuperAdmin) throw forbidden(loanMessages.superAdminOnly);
}

function assertWithinCaps(body: CreateLoanProductBody | UpdateLoanProductBody, caps: StoredLoanSettings) {
  const problem = productCapProblem(
    penaltyRuleOf(
      {
        penaltyType: body.penaltyType,
        penaltyFixedCents: body.penaltyFixed,
        penaltyPercentBps: body.penaltyPercent,
      },
      body.annualRatePercent,
    ),
    caps,
  );
  if (problem) throw invalidField(problem.field, problem.message);
}

const productValues = (body: CreateLoanProductBody | UpdateLoanProductBody) => ({
  name: body.name,
  description: body.description,
  annualRateBps: body.annualRatePercent,
  minTermMonths: body.minTermMonths,
  maxTermMonths: body.maxTermMonths,
  maxCapitalMultipleHundredths: body.maxCapitalMultiple,
  graceDays: body.graceDays,
  penaltyType: body.penaltyType,
  penaltyFixedCents: body.penaltyType === 'fixed' ? body.penaltyFixed : 0,
  penaltyPercentBps: body.penaltyType === 'percent' ? body.penaltyPercent : 0,
  guarantorAboveCapital: body.guarantorAboveCapital,
  isActive: body.isActive,
});

/**
 * What the super admin sets up before anyone borrows: lending on or off (with the confirmation that
 * the cooperative's rules allow it), the Regulation 42 caps, and the products within them. Loan
 * admins may read them; only the super admin changes them.
 */
export function createLendingSetupService(deps: { db: Db; clock: { now(): Date } }) {
  const { db, clock } = deps;

  async function people(ids: (string | null)[]) {
    const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    if (wanted.length === 0) return new Map<string, { id: string; fullName: string | null }>();
    const rows = await db
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(inArray(users.id, wanted));
    return new Map(rows.map((row) => [row.id, row]));
  }

  async function describeSettings() {
    const current = await readLoanSettings(db);
    const [row] = await db.select().from(settings).where(eq(settings.key, LOAN_SETTINGS_KEY));
    const products = await db.select().from(loanProducts).orderBy(asc(loanProducts.type));
    const names = await people([row?.updatedBy ?? null, current.rulesConfirmedBy]);
    return settingsView(current, {
      updatedAt: row?.updatedAt ?? null,
      updatedBy: row?.updatedBy ? (names.get(row.updatedBy) ?? null) : null,
      confirmedBy: current.rulesConfirmedBy ? (names.get(current.rulesConfirmedBy) ?? null) : null,
      productsAboveCap: products.filter((product) => product.annualRateBps > maxAnnualRateBps(current)),
    });
  }

  return {
    getSettings: describeSettings,

    /** Saves the lending settings (super admin): turning lending on records who confirmed the rules allow it. */
    async updateSettings(actor: AuthUser, body: LoanSettingsBody) {
      assertSuperAdmin(actor);
      await db.transaction(async (tx) => {
        const before = await readLoanSettings(tx, { lock: true });
        const isTurnedOn = body.isEnabled && !before.isEnabled;
        const after: StoredLoanSettings = {
          isEnabled: body.isEnabled,
          repoRateBps: body.repoRatePercent,
          capMarginBps: body.capMarginPercent,
          maxPenaltyPercentBps: body.maxPenaltyPercent,
          maxPenaltyFixedCents: body.maxPenaltyFixed,
          dualApprovalAboveCents: body.dualApprovalAbove,
          rulesConfirmedAt: isTurnedOn ? clock.now().toISOString() : before.rulesConfirmedAt,
          rulesConfirmedBy: isTurnedOn ? actor.id : before.rulesConfirmedBy,
        };
        await saveSetting(tx, LOAN_SETTINGS_KEY, after, actor.id);
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'loan_settings.update',
          targetType: 'settings',
          targetId: LOAN_SETTINGS_KEY,
          before,
          after: { ...after, confirmRulesAllowLending: body.confirmRulesAllowLending ?? false },
        });
      });
      return describeSettings();
    },

    async listProducts() {
      const caps = await readLoanSettings(db);
      const rows = await db.select().from(loanProducts).orderBy(asc(loanProducts.type));
      return rows.map((row) => productView(row, caps));
    },

    /** Adds the product of a loan type (super admin), within the caps. */
    async createProduct(actor: AuthUser, body: CreateLoanProductBody) {
      assertSuperAdmin(actor);
      const row = await db.transaction(async (tx) => {
        const caps = await readLoanSettings(tx);
        assertWithinCaps(body, caps);
        const [created] = await tx
          .insert(loanProducts)
          .values({ type: body.type, ...productValues(body), createdBy: actor.id, updatedBy: actor.id })
          .onConflictDoNothing()
          .returning();
        if (!created) throw conflict(loanMessages.productExists);
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'loan_product.create',
          targetType: 'loan_product',
          targetId: created.id,
          after: created,
        });
        return created;
      });
      return productView(row, await readLoanSettings(db));
    },

    /** Changes a product (super admin); loans already asked for keep the terms they were asked on. */
    async updateProduct(actor: AuthUser, id: string, body: UpdateLoanProductBody) {
      assertSuperAdmin(actor);
      if (!isUuid(id)) throw notFound(loanMessages.productNotFound);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(loanProducts).where(eq(loanProducts.id, id)).for('update');
        if (!before) throw notFound(loanMessages.productNotFound);
        const caps = await readLoanSettings(tx);
        assertWithinCaps(body, caps);
        const [after] = await tx
          .update(loanProducts)
          .set({ ...productValues(body), updatedBy: actor.id, updatedAt: clock.now() })
          .where(eq(loanProducts.id, id))
          .returning();
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'loan_product.update',
          targetType: 'loan_product',
          targetId: id,
          before,
          after,
        });
        return after as ProductRow;
      });
      return productView(row, await readLoanSettings(db));
    },
  };
}

export type LendingSetupService = ReturnType<typeof createLendingSetupService>;
