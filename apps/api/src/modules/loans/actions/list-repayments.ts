import type { AdminRepaymentsQuery } from '@letsema/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { loanRepayments } from '../../../db/schema.js';
import type { LoanDeps } from '../deps.js';
import { selectRepayments } from '../loan-queries.js';
import { repaymentView } from '../views.js';

export async function listRepayments(deps: LoanDeps, query: AdminRepaymentsQuery) {
  const rows = await selectRepayments(deps)
    .where(eq(loanRepayments.status, query.status))
    .orderBy(query.status === 'pending' ? asc(loanRepayments.createdAt) : desc(loanRepayments.createdAt))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return rows.map((row) => repaymentView(row.repayment, { loanNumber: row.loanNumber, member: row.member }));
}
