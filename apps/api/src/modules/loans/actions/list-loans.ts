import { type AdminLoansQuery, centsToRand } from '@letsema/domain';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { loanInstalments, loanPenalties, loans } from '../../../db/schema.js';
import { type LoanDeps, today } from '../deps.js';
import { listViews, loadContexts, oldestOverdue } from '../loan-queries.js';

/** Loans with filters, newest first, with the arrears of each and the ageing of the whole book. */
export async function listLoans(deps: LoanDeps, query: AdminLoansQuery) {
  const day = today(deps);
  const daysOverdue = sql`(${day}::date - ${oldestOverdue(day)})`;
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(loans.status, query.status) : undefined,
    query.type ? eq(loans.type, query.type) : undefined,
    query.userId ? eq(loans.userId, query.userId) : undefined,
  ];
  if (query.inArrears !== undefined || query.bucket) {
    conditions.push(
      query.inArrears === false
        ? sql`not (${loans.status} = 'active' and ${oldestOverdue(day)} is not null)`
        : and(eq(loans.status, 'active'), sql`${oldestOverdue(day)} is not null`),
    );
  }
  if (query.bucket) {
    const range = { '1-30': [1, 30], '31-60': [31, 60], '61-90': [61, 90], '90+': [91, null] }[query.bucket];
    conditions.push(sql`${daysOverdue} >= ${range[0]}`);
    if (range[1] !== null) conditions.push(sql`${daysOverdue} <= ${range[1]}`);
  }
  const where = and(...conditions);
  const contexts = await loadContexts(deps.db, where, { limit: query.limit, offset: (query.page - 1) * query.limit });
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(loans).where(where);
  const ageing = await deps.db.execute<{ bucket: string; loans: number; overdue: string; outstanding: string }>(sql`
    with arrears as (
      select ${loans.id} as id,
        ${loans.principalCents} - ${loans.principalRepaidCents} as outstanding,
        (${day}::date - min(${loanInstalments.dueOn})) as days,
        sum((${loanInstalments.principalCents} - ${loanInstalments.principalPaidCents})
          + (${loanInstalments.interestCents} - ${loanInstalments.interestPaidCents} - ${loanInstalments.interestWaivedCents})
          + coalesce(${loanPenalties.amountCents} - ${loanPenalties.paidCents} - ${loanPenalties.waivedCents}, 0)) as overdue
      from ${loans}
      join ${loanInstalments} on ${loanInstalments.loanId} = ${loans.id}
      left join ${loanPenalties} on ${loanPenalties.instalmentId} = ${loanInstalments.id}
      where ${loans.status} = 'active' and ${loanInstalments.status} <> 'paid' and ${loanInstalments.dueOn} < ${day}
      group by ${loans.id}, ${loans.principalCents}, ${loans.principalRepaidCents}
    )
    select case when days <= 30 then '1-30' when days <= 60 then '31-60' when days <= 90 then '61-90' else '90+' end as bucket,
      count(*)::int as loans, sum(overdue)::text as overdue, sum(outstanding)::text as outstanding
    from arrears group by 1`);
  const [book] = await deps.db
    .select({
      loans: sql<number>`count(*)::int`,
      outstanding: sql<string>`coalesce(sum(${loans.principalCents} - ${loans.principalRepaidCents}), 0)`,
    })
    .from(loans)
    .where(eq(loans.status, 'active'));
  const buckets = (['1-30', '31-60', '61-90', '90+'] as const).map((bucket) => {
    const row = (ageing.rows as { bucket: string; loans: number; overdue: string; outstanding: string }[]).find(
      (r) => r.bucket === bucket,
    );
    return {
      bucket,
      loans: Number(row?.loans ?? 0),
      overdueAmount: centsToRand(Number(row?.overdue ?? 0)),
      outstandingPrincipal: centsToRand(Number(row?.outstanding ?? 0)),
    };
  });
  return {
    items: await listViews(deps, deps.db, contexts, true),
    total: Number(total),
    page: query.page,
    limit: query.limit,
    ageing: {
      asOf: day,
      buckets,
      loansInArrears: buckets.reduce((sum, row) => sum + row.loans, 0),
      overdueAmount: centsToRand(buckets.reduce((sum, row) => sum + Math.round(row.overdueAmount * 100), 0)),
      activeLoans: Number(book?.loans ?? 0),
      outstandingPrincipal: centsToRand(Number(book?.outstanding ?? 0)),
    },
  };
}
