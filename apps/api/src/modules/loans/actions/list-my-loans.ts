import { eq } from 'drizzle-orm';
import { loans } from '../../../db/schema.js';
import type { LoanDeps } from '../deps.js';
import { contextOf, detail, listViews, loadContexts } from '../loan-queries.js';

export async function myLoans(deps: LoanDeps, userId: string) {
  return listViews(deps, deps.db, await loadContexts(deps.db, eq(loans.userId, userId)), false);
}

export async function myLoan(deps: LoanDeps, userId: string, id: string) {
  return detail(deps, await contextOf(deps, id, eq(loans.userId, userId)), false);
}

/** The loans the member is asked to guarantee or guarantees. */
export async function myGuarantees(deps: LoanDeps, userId: string) {
  return listViews(deps, deps.db, await loadContexts(deps.db, eq(loans.guarantorId, userId)), false);
}
