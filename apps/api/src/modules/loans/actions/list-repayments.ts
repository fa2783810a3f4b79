import type { AdminRepaymentsQuery } from '@letsema/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { loanRepayments, loans, users } from '../../../db/schema.js';
import type { LoanDeps } from '../deps.js';
import { repaymentView } from '../views.js';

export async function listRepayments(deps: LoanDeps, query: AdminRepaymentsQuery) {
  const rows = await deps.db
    .select({
      repayment: loanRepayments,
      loanNumber: loans.number,
      member: { id: users.id, fullName: users.fullName, email: users.email },
    })
    .from(loanRepayments)
    .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
    .innerJoin(users, eq(users.id, loanRepayments.userId))
    .where(eq(loanRepayments.status, query.status))
    .orderBy(query.status === 'pending' ? asc(loanRepayments.createdAt) : desc(loanRepayments.createdAt))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return rows.map((row) => repaymentView(row.repayment, { loanNumber: row.loanNumber, member: row.member }));
}
