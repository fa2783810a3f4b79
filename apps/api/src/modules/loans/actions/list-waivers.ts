import { asc, eq } from 'drizzle-orm';
import { loanInstalments, loanPenalties, loanPenaltyWaivers, loans } from '../../../db/schema.js';
import type { LoanDeps } from '../deps.js';
import { waiverView } from '../views.js';

export async function listWaivers(deps: LoanDeps, status: 'pending' | 'approved' | 'rejected') {
  const rows = await deps.db
    .select({ waiver: loanPenaltyWaivers, loanNumber: loans.number, instalmentNumber: loanInstalments.number })
    .from(loanPenaltyWaivers)
    .innerJoin(loans, eq(loans.id, loanPenaltyWaivers.loanId))
    .innerJoin(loanPenalties, eq(loanPenalties.id, loanPenaltyWaivers.penaltyId))
    .innerJoin(loanInstalments, eq(loanInstalments.id, loanPenalties.instalmentId))
    .where(eq(loanPenaltyWaivers.status, status))
    .orderBy(asc(loanPenaltyWaivers.createdAt))
    .limit(200);
  return rows.map((row) =>
    waiverView(row.waiver, { loanNumber: row.loanNumber, instalmentNumber: row.instalmentNumber }),
  );
}
