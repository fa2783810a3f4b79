import {
  borrowingLimitCents,
  formatRand,
  guaranteedPartCents,
  LOAN_LIMITS,
  loanMessages,
  type LoanQuoteBody,
  normalisePhone,
  productCapProblem,
} from '@letsema/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { exitRequests, loanInstalments, loanProducts, loans, memberships, pools, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-guard.js';
import { AppError, forbidden, invalidField, invalidState } from '../../lib/errors.js';
import { isUuid } from '../../lib/tokens.js';
import { guarantorHoldCents, isOpenLoan } from './money.js';
import { readLoanSettings } from './settings.js';
import { penaltyRuleOf } from './views.js';

export type Refusal = { code: 'VALIDATION' | 'INVALID_STATE'; message: string; field?: string };

export function refusalError(refusal: Refusal): AppError {
  return refusal.field ? invalidField(refusal.field, refusal.message) : new AppError(refusal.code, refusal.message);
}

/** The member's approved holdings: capital per pool, most first. */
export async function holdingsOf(tx: Executor, userId: string) {
  const rows = await tx
    .select({
      poolId: memberships.poolId,
      poolName: pools.name,
      capitalCents: memberships.totalPaidCents,
      paymentMethods: pools.paymentMethods,
    })
    .from(memberships)
    .innerJoin(pools, eq(pools.id, memberships.poolId))
    .where(and(eq(memberships.userId, userId), eq(memberships.contributionStatus, 'approved')));
  return rows.sort((a, b) => b.capitalCents - a.capitalCents || a.poolId.localeCompare(b.poolId));
}

/**
 * The principal of the member's open loans: owed on those paid out (less principal repaid), and
 * asked for on applications not yet paid out, which are not owed but count against the limit.
 */
export async function openPrincipalOf(
  tx: Executor,
  userId: string,
): Promise<{ owedCents: number; appliedForCents: number }> {
  const [row] = await tx
    .select({
      owed: sql<string>`coalesce(sum(${loans.principalCents} - ${loans.principalRepaidCents}) filter (where ${loans.status} = 'active'), 0)`,
      appliedFor: sql<string>`coalesce(sum(${loans.principalCents}) filter (where ${loans.status} <> 'active'), 0)`,
    })
    .from(loans)
    .where(and(eq(loans.userId, userId), isOpenLoan));
  return { owedCents: Number(row?.owed ?? 0), appliedForCents: Number(row?.appliedFor ?? 0) };
}

/** Principal the member owes or has asked for on loans still open: what their limit and free capital subtract. */
export async function owedOf(tx: Executor, userId: string): Promise<number> {
  const { owedCents, appliedForCents } = await openPrincipalOf(tx, userId);
  return owedCents + appliedForCents;
}

export async function hasOpenExit(tx: Executor, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: exitRequests.id })
    .from(exitRequests)
    .where(and(eq(exitRequests.userId, userId), inArray(exitRequests.status, ['requested', 'settled', 'approved'])))
    .limit(1);
  return Boolean(row);
}

export async function isInArrears(tx: Executor, userId: string, day: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: loanInstalments.id })
    .from(loanInstalments)
    .innerJoin(loans, eq(loans.id, loanInstalments.loanId))
    .where(
      and(
        eq(loans.userId, userId),
        eq(loans.status, 'active'),
        ne(loanInstalments.status, 'paid'),
        sql`${loanInstalments.dueOn} < ${day}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Capital a member may still pledge as a guarantor: none while leaving; else capital less holds and own loans. */
export async function freeCapitalOf(tx: Executor, userId: string): Promise<number> {
  if (await hasOpenExit(tx, userId)) return 0;
  const capital = (await holdingsOf(tx, userId)).reduce((sum, row) => sum + row.capitalCents, 0);
  return Math.max(0, capital - (await guarantorHoldCents(tx, userId)) - (await owedOf(tx, userId)));
}

/**
 * Everything that decides whether a member may borrow: the product, their capital and limit, and
 * the first rule the request breaks (as a refusal, so a quote can show it beside the schedule).
 */
export async function assess(tx: Executor, actor: AuthUser, input: LoanQuoteBody, day: string) {
  const settings = await readLoanSettings(tx);
  if (!settings.isEnabled) throw invalidState(loanMessages.lendingOff);
  if (actor.registrationStatus !== 'active' || actor.accountStatus !== 'active') {
    throw forbidden(loanMessages.notActive);
  }
  const [product] = await tx.select().from(loanProducts).where(eq(loanProducts.type, input.type));
  if (!product || !product.isActive) throw invalidState(loanMessages.productNotOffered);
  if (productCapProblem(penaltyRuleOf(product, product.annualRateBps), settings)) {
    throw invalidState(loanMessages.productAboveCap);
  }
  const holdings = await holdingsOf(tx, actor.id);
  const pool = input.poolId ? holdings.find((row) => row.poolId === input.poolId) : holdings[0];
  if (input.poolId && !pool) throw invalidField('poolId', loanMessages.pool);
  const capitalCents = holdings.reduce((sum, row) => sum + row.capitalCents, 0);
  const owedCents = await owedOf(tx, actor.id);
  const limitCents = borrowingLimitCents(capitalCents, product.maxCapitalMultipleHundredths, owedCents);
  const guaranteedCents = guaranteedPartCents(input.amount, Math.max(0, capitalCents - owedCents));
  const isGuarantorNeeded = product.guarantorAboveCapital && guaranteedCents > 0;

  let refusal: Refusal | null = null;
  if (input.termMonths < product.minTermMonths || input.termMonths > product.maxTermMonths) {
    refusal = {
      code: 'VALIDATION',
      field: 'termMonths',
      message: loanMessages.termOutside(product.minTermMonths, product.maxTermMonths),
    };
  } else if (input.amount < LOAN_LIMITS.minAmountCents) {
    refusal = { code: 'VALIDATION', field: 'amount', message: loanMessages.minAmount };
  } else if (!pool || capitalCents <= 0) {
    refusal = { code: 'INVALID_STATE', message: loanMessages.noCapital };
  } else if (await hasOpenExit(tx, actor.id)) {
    refusal = { code: 'INVALID_STATE', message: loanMessages.exitInNotice };
  } else if (await isInArrears(tx, actor.id, day)) {
    refusal = { code: 'INVALID_STATE', message: loanMessages.inArrears };
  } else if (input.amount > limitCents) {
    refusal = { code: 'VALIDATION', field: 'amount', message: loanMessages.aboveLimit(formatRand(limitCents)) };
  }
  return { settings, product, pool, capitalCents, limitCents, guaranteedCents, isGuarantorNeeded, refusal };
}

/**
 * The member asked to guarantee: another active member, found by e-mail or member id. Every refusal
 * answers the same message after the same one query, and their capital is not looked at here: an
 * applicant who could try amounts would learn what a colleague holds. The guarantor's free capital
 * is checked when they accept, on their own screen.
 */
export async function resolveGuarantor(tx: Executor, actor: AuthUser, text: string) {
  // A phone number names a guarantor only when one member has it (a family may share a phone).
  const phone = normalisePhone(text);
  const found = await tx
    .select()
    .from(users)
    .where(
      /^0\d{9}$/.test(phone)
        ? and(eq(users.phoneNumber, phone), eq(users.registrationStatus, 'active'), eq(users.accountStatus, 'active'))
        : isUuid(text)
          ? eq(users.id, text)
          : eq(users.email, text),
    )
    .limit(2);
  const guarantor = found.length === 1 ? found[0] : undefined;
  if (
    !guarantor ||
    guarantor.id === actor.id ||
    guarantor.registrationStatus !== 'active' ||
    guarantor.accountStatus !== 'active' ||
    guarantor.personalDataErasedAt
  ) {
    throw invalidField('guarantor', loanMessages.guarantorRefused);
  }
  return guarantor;
}
