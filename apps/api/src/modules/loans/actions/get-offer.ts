import { borrowingLimitCents, bpsToPercent, centsToRand, maxAnnualRateBps, productCapProblem } from '@letsema/domain';
import { asc, eq } from 'drizzle-orm';
import { loanProducts } from '../../../db/schema.js';
import type { AuthUser } from '../../../lib/auth-guard.js';
import type { LoanDeps } from '../deps.js';
import { holdingsOf, openPrincipalOf } from '../eligibility.js';
import { guarantorHoldCents } from '../money.js';
import { readLoanSettings } from '../settings.js';
import { penaltyRuleOf, productView } from '../views.js';

/** What the member may borrow now: lending on or off, the products, their capital and limit per product. */
export async function getOffer(deps: LoanDeps, actor: AuthUser) {
  const settings = await readLoanSettings(deps.db);
  const holdings = await holdingsOf(deps.db, actor.id);
  const capitalCents = holdings.reduce((sum, row) => sum + row.capitalCents, 0);
  const open = await openPrincipalOf(deps.db, actor.id);
  // The limit counts applications not yet paid out too: two at once may not pass it together.
  const owedCents = open.owedCents + open.appliedForCents;
  const products = settings.isEnabled
    ? await deps.db.select().from(loanProducts).where(eq(loanProducts.isActive, true)).orderBy(asc(loanProducts.type))
    : [];
  return {
    isEnabled: settings.isEnabled,
    maxAnnualRatePercent: bpsToPercent(maxAnnualRateBps(settings)),
    capital: centsToRand(capitalCents),
    owed: centsToRand(open.owedCents),
    appliedFor: centsToRand(open.appliedForCents),
    guaranteeHold: centsToRand(await guarantorHoldCents(deps.db, actor.id)),
    pools: holdings.map((row) => ({
      id: row.poolId,
      name: row.poolName,
      capital: centsToRand(row.capitalCents),
      paymentMethods: row.paymentMethods,
    })),
    products: products
      .filter((product) => !productCapProblem(penaltyRuleOf(product, product.annualRateBps), settings))
      .map((product) => ({
        ...productView(product, settings),
        maxAmount: centsToRand(borrowingLimitCents(capitalCents, product.maxCapitalMultipleHundredths, owedCents)),
      })),
  };
}
